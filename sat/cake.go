package sat

import (
	"context"
	"fmt"

	"puzzlesat/encode"
	"puzzlesat/puzzle"
	"puzzlesat/sat/solver"
)

// Cake returns the cake of least area for p, found by its CNF. It starts
// from a cake of its own (firstCake: the top layers as small as they can
// be and the bottom two or three fitted exactly), or, when that finds
// none, from a SAT solve without a bound. Then it proves that no cake is
// smaller, or finds the one that is, by a search over cubes (cakeCubes):
// the bottom layers' radii and heights as assumptions on one solver,
// each cube checked first by unit propagation (gini's, in its test
// scopes, or ours with a portfolio), the survivors solved with the area
// bounded by one less than the best so far. With an external program as
// the engine, which costs a process per solve, it asks one fresh formula
// per bound instead, encode.Cake(p, best-1), until that is unsatisfiable
// (cakeBounds). Either way the last cake is optimal. When no cake exists at all it returns Area 0 and no layers,
// which is an answer, not puzzle.ErrNoSolution. It returns the context's
// error when ctx ends first, and an error for an instance outside the
// limits.
func Cake(ctx context.Context, p puzzle.Cake, c solver.Config) (puzzle.CakeAnswer, solver.Stats, error) {
	if p.Volume < 1 || p.Volume > puzzle.MaxCakeVolume || p.Layers < 1 || p.Layers > puzzle.MaxCakeLayers {
		return puzzle.CakeAnswer{}, solver.Stats{}, fmt.Errorf("cake with volume %d and %d layers is outside the limits 1..%d and 1..%d",
			p.Volume, p.Layers, puzzle.MaxCakeVolume, puzzle.MaxCakeLayers)
	}
	first, total, err := startCake(ctx, p, c)
	if err != nil || first.Area == 0 {
		return first, total, err
	}
	var (
		best puzzle.CakeAnswer
		st   solver.Stats
	)
	if c.PerProcess() {
		best, st, err = cakeBounds(ctx, p, c, first, encode.CakeEncoding{})
	} else {
		var cc *cakeCubes
		cc, err = searchCubes(ctx, p, c, first, cubeOptions{})
		best, st = cc.best, cc.s.Stats()
	}
	total.Add(st)
	return best, total, err
}

// startCake returns a cake to start from: firstCake's, or else the first
// model of a SAT solve without a bound; Area 0 when no cake exists.
func startCake(ctx context.Context, p puzzle.Cake, c solver.Config) (puzzle.CakeAnswer, solver.Stats, error) {
	if a, ok := firstCake(p); ok {
		return a, solver.Stats{}, nil
	}
	return anyCake(ctx, p, c)
}

// anyCake returns the cake of the first model of a SAT solve without a
// bound; Area 0 when no cake exists.
func anyCake(ctx context.Context, p puzzle.Cake, c solver.Config) (puzzle.CakeAnswer, solver.Stats, error) {
	q := encode.Cake(p, encode.CakeNoBound(p))
	s := c.New(q.Formula())
	st, err := s.Solve(ctx)
	if err != nil || st == solver.Unsat {
		return puzzle.CakeAnswer{}, s.Stats(), err
	}
	a, err := q.Decode(s.Model())
	return a, s.Stats(), err
}

// cakeBounds asks a fresh solver for a cake of area one less than the best
// so far, starting from first, until there is none; the last is optimal.
// Each formula is in the encoding enc. A fresh solver per bound, rather
// than one solver with the bounds assumed in turn, keeps the formula free
// of the clauses of earlier bounds and the solver free of what it learnt
// for them, which took less CPU in all (docs/results.md).
func cakeBounds(ctx context.Context, p puzzle.Cake, c solver.Config, first puzzle.CakeAnswer, enc encode.CakeEncoding) (puzzle.CakeAnswer, solver.Stats, error) {
	var total solver.Stats
	best := first
	for {
		q := encode.CakeWith(p, best.Area-1, enc)
		s := c.New(q.Formula())
		st, err := s.Solve(ctx)
		total.Add(s.Stats())
		if err != nil {
			return puzzle.CakeAnswer{}, total, err
		}
		if st == solver.Unsat {
			return best, total, nil
		}
		if best, err = q.Decode(s.Model()); err != nil {
			return best, total, err
		}
	}
}

// CakeQuery returns the decision query "a cake of area at most q".
func CakeQuery(_ context.Context, p puzzle.Cake, q int, _ solver.Config) (solver.Query[puzzle.CakeAnswer], string, error) {
	return encode.Cake(p, q), fmt.Sprintf("Q<=%d", q), nil
}
