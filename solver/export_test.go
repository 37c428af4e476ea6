package solver

import (
	"context"
	"time"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// Gated returns e whose every solve waits until ready reports true (or
// its context ends): a test that needs another racer to be running
// before e answers says so through ready, instead of hoping that e's
// work takes long enough.
func Gated(e Engine, ready func() bool) Engine { return gated{e, ready} }

type gated struct {
	Engine
	ready func() bool
}

func (g gated) open(f *cnf.CNF) session { return gatedSession{g.Engine.open(f), g.ready} }

type gatedSession struct {
	session
	ready func() bool
}

func (g gatedSession) solve(ctx context.Context, assume []cnf.Lit) (answer, error) {
	for !g.ready() {
		select {
		case <-ctx.Done():
			return answer{status: Unknown}, ctx.Err()
		case <-time.After(time.Millisecond):
		}
	}
	return g.session.solve(ctx, assume)
}
