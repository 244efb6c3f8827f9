package tmuxtest

import (
	"math/rand/v2"
	"sync"
)

// SwapChurn swaps random pairs of the given panes, as another tmux client
// would, until the returned stop function is called (stop waits for the
// last swap to finish). seed makes the sequence repeatable.
func (s *Server) SwapChurn(panes []string, seed uint64) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		r := rand.New(rand.NewPCG(seed, seed+1))
		for {
			select {
			case <-done:
				return
			default:
			}
			_, _ = s.Run("swap-pane", "-d", "-s", panes[r.IntN(len(panes))], "-t", panes[r.IntN(len(panes))])
		}
	})
	return func() {
		close(done)
		wg.Wait()
	}
}
