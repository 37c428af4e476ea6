// Package sat finds shortest addition chains with a SAT solver: it asks
// whether n has a chain of exactly m additions (Query), from the binary
// method's length down, until the answer is no; the last chain found is
// a shortest one, and with a Proof in the solver's Config the no is
// certified by a checked DRAT proof. It knows nothing of the DFS.
package sat

import (
	"context"
	"errors"
	"fmt"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/kinds/addchain"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// Solve returns the greatest of the shortest addition chains for p in
// lexicographic order (a1 as large as can be, then a2, ...), the chain
// that package dfs returns too. It solves the query of each length m from
// the binary method's (⌊log2 n⌋ + ν(n) - 1, which always has a chain)
// down, each with a fresh solver, until one is unsatisfiable: the chain
// of m+1 additions found last is shortest, and its query then finds the
// greatest (see greatest). A chain of m additions exists for every m from
// the shortest up to n-1 (put a(k)+1 = a(k) + a0 into any gap of one), so
// the first no is the only one needed, and with c's Proof the only one
// certified. Each query is sized before it is built, and one over c's
// budget stops the search with a *solver.TooLarge error; ctx's error
// stops it too.
func Solve(ctx context.Context, p addchain.Instance, c solver.Config, enc technique.Picks) (addchain.Answer, solver.Stats, error) {
	first, q, total, err := lower(ctx, p, c, encoding(enc))
	if err != nil {
		return addchain.Answer{}, total, err
	}
	a, st, err := greatest(ctx, q, first, c)
	total.Add(st)
	return a, total, err
}

// greatest returns the greatest chain of q's length in lexicographic
// order, from the chain first of a model of q: element by element, it
// asks for a larger one under the elements fixed before it, by a guarded
// bound, and fixes the largest found. Its solves are not certified, a
// proof being asked for the optimum only: the chain passes Verify, and
// its being the greatest makes both backends print the same one.
func greatest(ctx context.Context, q *Query, first addchain.Answer, c solver.Config) (addchain.Answer, solver.Stats, error) {
	c.Proof = nil
	s := c.New(q.f)
	defer s.Close()
	s.Name(fmt.Sprintf("greatest m=%d", q.m))
	best := first
	var fixed []cnf.Lit
	for k := 1; k < q.m; k++ {
		for {
			g := q.f.Selector("").Pos()
			q.f.AtLeastConst(q.a[k], uint64(best.Chain[k]+1), g)
			st, err := s.Solve(ctx, append(fixed, g)...)
			q.f.Add(g.Not()) // the bound is done with
			if err != nil {
				return addchain.Answer{}, s.Stats(), err
			}
			if st != solver.Sat {
				break
			}
			if best, err = q.Decode(s.Model()); err != nil {
				return addchain.Answer{}, s.Stats(), err
			}
		}
		for i, l := range q.a[k] {
			fixed = append(fixed, cnf.Sign(l, best.Chain[k]>>uint(i)&1 == 1))
		}
	}
	return best, s.Stats(), nil
}

// Count returns the number of shortest addition chains of p, stopping at
// limit as solver.Solver.Count takes it: a result equal to limit means
// limit or more. It finds the shortest length as Solve does, then counts
// the models of its query that differ in the chain's elements, each
// blocked by a clause over their bits once found (those clauses count
// towards c's budget); a count cut short returns what solver.Count
// returns, the models counted so far with the error.
func Count(ctx context.Context, p addchain.Instance, limit int, c solver.Config, enc technique.Picks) (int, solver.Stats, error) {
	e := encoding(enc)
	best, q, total, err := lower(ctx, p, c, e)
	if err != nil {
		return 0, total, err
	}
	s := c.New(q.Formula())
	defer s.Close()
	s.Name(fmt.Sprintf("count m=%d", best.Len()))
	n, err := s.Count(ctx, q.values(), limit)
	total.Add(s.Stats())
	return n, total, err
}

// lower solves the queries from the binary method's length down, as
// Solve says, and returns the last chain found and its query.
func lower(ctx context.Context, p addchain.Instance, c solver.Config, e Encoding) (addchain.Answer, *Query, solver.Stats, error) {
	var total solver.Stats
	var best addchain.Answer
	var bestQ *Query
	for m := addchain.Binary(p.N).Len(); m >= 0; m-- {
		q, err := query(ctx, p, m, c, e)
		if err != nil {
			return addchain.Answer{}, nil, total, fmt.Errorf("addchain query m=%d: %w", m, err)
		}
		s := c.New(q.Formula())
		s.Name(fmt.Sprintf("m=%d", m))
		st, err := s.Solve(ctx)
		model := s.Model()
		s.Close()
		total.Add(s.Stats())
		switch {
		case err != nil:
			return addchain.Answer{}, nil, total, err
		case st == solver.Unsat && bestQ == nil:
			return addchain.Answer{}, nil, total, fmt.Errorf("addchain: no chain of the binary method's %d additions for n = %d: the encoding is wrong", m, p.N)
		case st == solver.Unsat:
			return best, bestQ, total, nil
		}
		if best, err = q.Decode(model); err != nil {
			return addchain.Answer{}, nil, total, err
		}
		bestQ = q
	}
	return best, bestQ, total, nil // n = 1: no chain is shorter than none
}

// QueryAt returns the query "p has a chain of exactly m additions" in the
// encoding enc picks, and its name: the query of Solve's last answer
// (m = the shortest length less one) is unsatisfiable, and a model of
// the query at the shortest length is a shortest chain.
func QueryAt(ctx context.Context, p addchain.Instance, m int, c solver.Config, enc technique.Picks) (solver.Query[addchain.Answer], string, error) {
	if m < 0 {
		return nil, "", errors.New("addchain: a chain has 0 additions or more")
	}
	q, err := query(ctx, p, m, c, encoding(enc))
	return q, fmt.Sprintf("m=%d", m), err
}

// query builds the query at m once c's budget allows its size bound and
// c's lease holds its literals.
func query(ctx context.Context, p addchain.Instance, m int, c solver.Config, e Encoding) (*Query, error) {
	if p.N < 1 || p.N > addchain.MaxN {
		return nil, fmt.Errorf("addchain: n %d out of range 1..%d", p.N, addchain.MaxN)
	}
	if err := c.Reserve(ctx, Size(p.N, m, e)); err != nil {
		return nil, err
	}
	return Build(p.N, m, e), nil
}

// Encodings returns the choice points of the queries of Solve, Count and
// QueryAt.
func Encodings() []technique.Choice {
	return []technique.Choice{
		{Point: "sum", Options: []string{"operands", "pairs"},
			Doc: "each element the sum of two operands picked by one-hot selectors through one adder, or of a pair picked among an adder per pair"},
		{Point: "bounds", Options: []string{"doubling", "none"},
			Doc: "whether clauses bound each element by the doubling bound, ak <= 2^k and ak·2^(m-k) >= n"},
	}
}

// encoding returns the encoding enc picks.
func encoding(enc technique.Picks) Encoding {
	cs := Encodings()
	e := Encoding{Bounds: enc.Get(cs, "bounds") == "doubling"}
	if enc.Get(cs, "sum") == "pairs" {
		e.Sum = Pairs
	}
	return e
}
