package transport

import (
	"context"

	"github.com/panemap/panemap/tmux"
)

// planControl decides the connection for policy p, asking tmux its version
// when v is unknown, and says in a KindUnsupported error why control mode
// is not used, when it is not.
func planControl(ctx context.Context, p tmux.ControlPolicy, binary string, v tmux.Version) (tmux.ControlPlan, error) {
	if p != tmux.ControlNever && v.Raw == "" {
		var err error
		if v, err = TmuxVersion(ctx, binary); err != nil {
			return tmux.ControlPlan{}, err
		}
	}
	plan := tmux.PlanControl(p, v)
	if !plan.Control {
		return plan, &tmux.Error{Kind: tmux.KindUnsupported, Value: v.Raw, Message: plan.Why}
	}
	return plan, nil
}
