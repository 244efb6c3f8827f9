package transport

// PendingForTest is how many command lists the connection has written and
// not yet had answered.
func (t *Control) PendingForTest() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.pending)
}
