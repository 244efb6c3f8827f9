package tmux

// Event is a notification pushed by tmux over a control-mode connection,
// or one of panemap's own stream events (EventConnected, EventDisconnected,
// EventOverflow). Kind is the notification's name without the leading
// '%'; Args are its fields. The last field of a notification that ends in
// free text (a window or session name, an exit reason) keeps its spaces.
type Event struct {
	Kind string
	Args []string
}

// Notification kinds panemap cares about (tmux sends more; they arrive
// with their own names and space-separated Args).
const (
	EventLayoutChange         = "layout-change"          // @win layout visible-layout flags — windows of the attached session only
	EventWindowPaneChanged    = "window-pane-changed"    // @win %pane — the window's active pane changed (any session)
	EventSessionWindowChanged = "session-window-changed" // $sess @win — a session's current window changed
	EventWindowAdd            = "window-add"             // @win — a window was added to the attached session
	EventWindowClose          = "window-close"           // @win — a window of the attached session closed
	EventUnlinkedWindowAdd    = "unlinked-window-add"    // @win — a window was added elsewhere
	EventUnlinkedWindowClose  = "unlinked-window-close"  // @win — a window closed elsewhere
	EventWindowRenamed        = "window-renamed"         // @win name
	EventPaneModeChanged      = "pane-mode-changed"      // %pane — copy mode etc. entered or left
	EventSessionsChanged      = "sessions-changed"       // a session was created or destroyed
	EventSessionChanged       = "session-changed"        // $sess name — the connection is now attached to this session
	EventExit                 = "exit"                   // [reason] — the connection is ending
	EventOutput               = "output"                 // never delivered: connections ask for no output
	EventSubscriptionChanged  = "subscription-changed"   // name $sess @win idx %pane … : value — a subscribed format's value changed

	// EventConnected starts every stream and follows every reconnection:
	// notifications may have been missed, so re-read what you show.
	EventConnected = "panemap-connected"
	// EventDisconnected: the connection is gone and no notifications
	// arrive until the next EventConnected. Poll meanwhile.
	EventDisconnected = "panemap-disconnected"
	// EventOverflow: the subscriber fell behind and events were dropped;
	// re-read everything.
	EventOverflow = "panemap-overflow"
)
