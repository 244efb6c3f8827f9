package tmuxctl

// focusSets returns the commands that give each window its wanted last
// pane and active pane after a swap, whatever the swap did to focus:
// select the last one, then the active one (selecting the pane that is
// already active does nothing). Sent in the swap's own command list, they
// save the round trip of reading the swap's effect first; focusFixes on
// the re-read then finds nothing left to fix. Every pane named is in its
// window after the swap (swapWants replaces a pane that left).
func focusSets(wants []focusWant) [][]string {
	var cmds [][]string
	for _, want := range wants {
		if want.active == "" {
			continue
		}
		if want.last != "" && want.last != want.active {
			cmds = append(cmds, []string{"select-pane", "-Z", "-t", string(want.last)})
		}
		cmds = append(cmds, []string{"select-pane", "-Z", "-t", string(want.active)})
	}
	return cmds
}
