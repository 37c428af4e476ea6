package sat

import (
	"context"
	"fmt"

	"github.com/puzzlesat/puzzlesat/kinds/cake"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// Solve returns the cake of least area for p, found by its CNF. It starts
// from a cake of its own (firstCake: the top layers as small as they can
// be and the bottom two or three fitted exactly), or, when that finds
// none, from a SAT solve without a bound. Then it proves that no cake is
// smaller, or finds the one that is, by a search over cubes (cakeCubes):
// the bottom layers' radii and heights as assumptions on one solver,
// each cube checked first by unit propagation (gini's, in its test
// scopes, or ours with a portfolio), the survivors solved with the area
// bounded by one less than the best so far. With an external program as
// the engine, which costs a process per solve, it asks one fresh formula
// per bound instead, Encode(p, best-1), until that is unsatisfiable
// (boundsCake). Either way the last cake is optimal. enc picks among the
// choices of CakeEncodings: the formula's, the search's and the first
// cake's. When no cake exists at all it returns Area 0 and no layers,
// which is an answer, not puzzle.ErrNoSolution. It returns the context's
// error when ctx ends first, and an error for an instance outside the
// limits.
func Solve(ctx context.Context, p cake.Instance, c solver.Config, enc technique.Picks) (cake.Answer, solver.Stats, error) {
	if p.Volume < 1 || p.Volume > cake.MaxVolume || p.Layers < 1 || p.Layers > cake.MaxLayers {
		return cake.Answer{}, solver.Stats{}, fmt.Errorf("cake with volume %d and %d layers is outside the limits 1..%d and 1..%d",
			p.Volume, p.Layers, cake.MaxVolume, cake.MaxLayers)
	}
	o := cakeOptionsOf(enc)
	first, total, err := startCake(ctx, p, c, o)
	if err != nil || first.Area == 0 {
		return first, total, err
	}
	var (
		best cake.Answer
		st   solver.Stats
	)
	switch {
	case o.search == cakeByTighten:
		best, st, err = tightenCake(ctx, p, c, first, o.enc)
	case o.search == cakeByBounds || c.PerProcess():
		best, st, err = boundsCake(ctx, p, c, first, o.enc)
	default:
		// The cubes' UNSAT answers, and the cubes that propagation
		// refutes without a solve, add up to the optimum's proof; with
		// proofs asked for, the query at the bound below the optimum is
		// certified whole instead.
		search := c
		search.Proof = nil
		var cc *cakeCubes
		cc, err = searchCubes(ctx, p, search, first, cubeOptions{enc: o.enc, unit: o.unit})
		best, st = cc.best, cc.s.Stats()
		if err == nil && c.Proof != nil {
			var proof solver.Stats
			q := EncodeWith(p, best.Area-1, o.enc)
			proof, err = solver.Certify(ctx, c, q.Formula(), fmt.Sprintf("Q<=%d", best.Area-1))
			st.Add(proof)
		}
	}
	total.Add(st)
	return best, total, err
}

// The searches of Cake, the options of its choice point "search".
const (
	cakeByCubes   = "cubes"
	cakeByBounds  = "bounds"
	cakeByTighten = "tighten"
)

// Encodings returns the choice points of Cake and CakeQuery: the
// formula's domains and products (CakeQuery has only these), how Cake
// proves the optimum, its first cake, and how its cubes are checked.
func Encodings() []technique.Choice {
	return []technique.Choice{
		{Point: "domains", Options: []string{"stack", "loose"},
			Doc: "each layer's radii and heights: bounded by the least stack of layers under it and by the bound, or by N and M alone"},
		{Point: "product", Options: []string{"multiplier", "scaler"},
			Doc: "a layer's r²H and rH: one multiplier of the constants its radius selects, or a constant multiplier of H per radius, selected"},
		{Point: "search", Search: true, Options: []string{cakeByCubes, cakeByBounds, cakeByTighten},
			Doc: "the proof of the optimum: branch and bound over cubes of the bottom layers on one solver, a fresh formula per bound, or one solver with the bound tightened by assumptions"},
		{Point: "first", Search: true, Options: []string{"own", "sat"},
			Doc: "the first cake: built without the solver (the top layers least, the bottom ones fitted), or a SAT solve without a bound"},
		{Point: "cube-check", Search: true, Options: []string{"solver", "unit"},
			Doc: "each cube is checked by the engine's own test scopes (gini's), or by our unit propagation"},
	}
}

// cakeOptions are the picks of CakeEncodings, read once.
type cakeOptions struct {
	enc      Encoding
	search   string // cakeByCubes, cakeByBounds or cakeByTighten
	ownFirst bool   // firstCake before a SAT solve
	unit     bool   // cubes checked by our own propagation
}

func cakeOptionsOf(enc technique.Picks) cakeOptions {
	cs := Encodings()
	return cakeOptions{
		enc: Encoding{
			LooseDomains: enc.Get(cs, "domains") == "loose",
			Scaler:       enc.Get(cs, "product") == "scaler",
		},
		search:   enc.Get(cs, "search"),
		ownFirst: enc.Get(cs, "first") == "own",
		unit:     enc.Get(cs, "cube-check") == "unit",
	}
}

// startCake returns a cake to start from: firstCake's (unless o says
// otherwise), or else the first model of a SAT solve without a bound;
// Area 0 when no cake exists.
func startCake(ctx context.Context, p cake.Instance, c solver.Config, o cakeOptions) (cake.Answer, solver.Stats, error) {
	if o.ownFirst {
		if a, ok := firstCake(p); ok {
			return a, solver.Stats{}, nil
		}
	}
	return anyCake(ctx, p, c, o.enc)
}

// anyCake returns the cake of the first model of a SAT solve without a
// bound, in the encoding enc; Area 0 when no cake exists.
func anyCake(ctx context.Context, p cake.Instance, c solver.Config, enc Encoding) (cake.Answer, solver.Stats, error) {
	q := EncodeWith(p, NoBound(p), enc)
	s := c.New(q.Formula())
	defer s.Close()
	s.Name(fmt.Sprintf("Q<=%d", NoBound(p)))
	st, err := s.Solve(ctx)
	if err != nil || st == solver.Unsat {
		return cake.Answer{}, s.Stats(), err
	}
	a, err := q.Decode(s.Model())
	return a, s.Stats(), err
}

// boundsCake asks a fresh solver for a cake of area one less than the best
// so far, starting from first, until there is none; the last is optimal.
// Each formula is in the encoding enc. A fresh solver per bound, rather
// than one solver with the bounds assumed in turn (tightenCake), keeps the
// formula free of the clauses of earlier bounds and the solver free of
// what it learnt for them, which took less CPU in all (docs/results.md).
func boundsCake(ctx context.Context, p cake.Instance, c solver.Config, first cake.Answer, enc Encoding) (cake.Answer, solver.Stats, error) {
	var total solver.Stats
	best := first
	for {
		q := EncodeWith(p, best.Area-1, enc)
		s := c.New(q.Formula())
		s.Name(fmt.Sprintf("Q<=%d", best.Area-1))
		st, err := s.Solve(ctx)
		s.Close()
		total.Add(s.Stats())
		if err != nil {
			return cake.Answer{}, total, err
		}
		if st == solver.Unsat {
			return best, total, nil
		}
		if best, err = q.Decode(s.Model()); err != nil {
			return best, total, err
		}
	}
}

// tightenCake asks one solver, its formula built at the bound of first,
// for a cake of area one less than the best so far, the bound switched on
// by the selector of CakeQuery.AtMost, until there is none; the last is
// optimal. It stops at the first unsatisfiable answer, so the solver is
// never reused after one (notes/gini.md, bug 1).
func tightenCake(ctx context.Context, p cake.Instance, c solver.Config, first cake.Answer, enc Encoding) (cake.Answer, solver.Stats, error) {
	q := EncodeWith(p, first.Area, enc)
	s := c.New(q.Formula())
	defer s.Close() // its Stats stay readable
	best := first
	for {
		s.Name(fmt.Sprintf("Q<=%d", best.Area-1))
		st, err := s.Solve(ctx, q.AtMost(best.Area-1))
		if err != nil {
			return cake.Answer{}, s.Stats(), err
		}
		if st == solver.Unsat {
			return best, s.Stats(), nil
		}
		a, err := q.Decode(s.Model())
		if err == nil && a.Area >= best.Area {
			err = fmt.Errorf("cake: a model of area %d under the bound %d", a.Area, best.Area-1)
		}
		if err != nil {
			return best, s.Stats(), err
		}
		best = a
	}
}

// QueryAt returns the decision query "a cake of area at most q", in
// the formula enc picks.
func QueryAt(_ context.Context, p cake.Instance, q int, _ solver.Config, enc technique.Picks) (solver.Query[cake.Answer], string, error) {
	return EncodeWith(p, q, cakeOptionsOf(enc).enc), fmt.Sprintf("Q<=%d", q), nil
}
