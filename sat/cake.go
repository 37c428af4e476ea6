package sat

import (
	"context"
	"fmt"

	"puzzlesat/encode"
	"puzzlesat/puzzle"
)

// Cake returns the cake of least area for p, found by its CNF: it solves
// the query without a bound, then assumes ever tighter bounds on the area
// (one below the last cake found) on the same solver until that is
// unsatisfiable, so the last cake is optimal. When no cake exists at all
// it returns Area 0 and no layers, which is an answer, not
// puzzle.ErrNoSolution. It returns the context's error when ctx ends
// first, and an error for an instance outside the limits.
func Cake(ctx context.Context, p puzzle.Cake) (puzzle.CakeAnswer, Stats, error) {
	if p.Volume < 1 || p.Volume > puzzle.MaxCakeVolume || p.Layers < 1 || p.Layers > puzzle.MaxCakeLayers {
		return puzzle.CakeAnswer{}, Stats{}, fmt.Errorf("cake with volume %d and %d layers is outside the limits 1..%d and 1..%d",
			p.Volume, p.Layers, puzzle.MaxCakeVolume, puzzle.MaxCakeLayers)
	}
	q := encode.Cake(p, encode.CakeNoBound(p))
	s := New(q.Formula())
	m, _, st, err := s.Minimise(ctx, q.Area, q.AtMost)
	if err != nil {
		return puzzle.CakeAnswer{}, s.Stats(), err
	}
	if st == Unsat {
		return puzzle.CakeAnswer{}, s.Stats(), nil
	}
	a, err := q.Decode(m)
	return a, s.Stats(), err
}
