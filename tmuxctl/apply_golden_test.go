package tmuxctl

import (
	"github.com/panemap/panemap/layouts"
	"github.com/panemap/panemap/tmux"
)

// applyCases are the golden cases of OpApplyLayout (see goldenCases):
// window @1's %1|%2 given tallLayout with %2 on top, active and zoomed.
func applyCases() []goldenCase {
	plan := func() *layouts.Plan {
		return &layouts.Plan{Window: "@1", Layout: tallLayout, Order: []tmux.PaneID{"%2", "%1"}, Active: "%2"}
	}
	zoomed := plan()
	zoomed.Zoomed = true
	created := plan()
	created.Layout = "930a,160x48,0,0[160x15,0,0,1,160x15,0,16,2,160x16,0,32,3]"
	created.Order = []tmux.PaneID{"%2", "", "%1"}
	created.Create = []layouts.Slot{{Cwd: "/srv/#{not}a-format"}}
	window := func([][]string) string { return windowRecords(goldenState("%1", "%2", "logs").Windows[0]) + "\n" }
	return []goldenCase{
		{name: "apply-layout", what: "apply the named layout dev to window @1 (Enter in the layouts list): one if-shell that holds while @1 has the panes and size the plan was made from, the swap that puts %2 first, the layout string, the active pane, the window's options", op: Op{Kind: OpApplyLayout, Window: "@1", Plan: plan(), Text: "dev", From: goldenState("%1", "%2", "logs")}},
		{name: "apply-layout-zoomed", what: "apply dev, saved zoomed, to window @1: resize-pane -Z zooms %2 and makes it active in one", op: Op{Kind: OpApplyLayout, Window: "@1", Plan: zoomed, Text: "dev", From: goldenState("%1", "%2", "logs")}},
		{name: "agent-apply-layout", what: "apply_layout dev @1: a read of @1 (the plan's; tmuxctl reads it when the caller gives none), the apply, a read after", agent: true,
			op: Op{Kind: OpApplyLayout, Window: "@1", Plan: plan(), Text: "dev"}, answers: map[int]func([][]string) string{1: window}},
		{name: "agent-apply-layout-create", what: "apply_layout dev @1 create: the new pane made first in its saved directory (# doubled: -c is a format), printing its id, then the apply with it in its place", agent: true,
			op: Op{Kind: OpApplyLayout, Window: "@1", Plan: created, Text: "dev"}, answers: map[int]func([][]string) string{1: window, 2: func([][]string) string { return "%3\n" }}},
	}
}
