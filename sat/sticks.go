package sat

import (
	"context"
	"fmt"

	"puzzlesat/encode"
	"puzzlesat/puzzle"
	"puzzlesat/sat/solver"
)

// Sticks returns the smallest stick length into which the pieces of p can
// all be joined, with the pieces of each stick. It tries the divisors L of
// the total from the longest piece upward and solves the decision query
// encode.Sticks(p, L) of each with a fresh solver; the first satisfiable
// one is the answer. Only facts any solver can check are used to skip
// queries: L must be at least the longest piece and divide the total, and
// an L above half the total can only be the total itself, one stick of
// every piece. Before it builds a query it bounds its size with
// encode.SticksSize, and a query over c's budget stops the search with a
// *TooLarge error. The error is puzzle.ErrNoSolution when p has no pieces,
// or the context's error, which also stops a query being built.
func Sticks(ctx context.Context, p puzzle.Sticks, c solver.Config) (puzzle.SticksAnswer, solver.Stats, error) {
	return SticksWith(ctx, p, encode.SticksEncoding{}, c)
}

// SticksWith is Sticks with the chosen encoding of the queries.
func SticksWith(ctx context.Context, p puzzle.Sticks, enc encode.SticksEncoding, c solver.Config) (puzzle.SticksAnswer, solver.Stats, error) {
	var total solver.Stats
	sum, longest := 0, 0
	for _, v := range p.Pieces {
		sum += v
		longest = max(longest, v)
	}
	if len(p.Pieces) == 0 {
		return puzzle.SticksAnswer{}, total, puzzle.ErrNoSolution
	}
	for l := longest; 2*l <= sum; l++ {
		if sum%l != 0 {
			continue
		}
		q, err := sticksQuery(ctx, p, l, enc, c)
		if err != nil {
			return puzzle.SticksAnswer{}, total, fmt.Errorf("sticks query L=%d: %w", l, err)
		}
		s := c.New(q.Formula())
		s.Name(fmt.Sprintf("L=%d", l))
		st, err := s.Solve(ctx)
		s.Close()
		total.Add(s.Stats())
		if err != nil {
			return puzzle.SticksAnswer{}, total, err
		}
		if st == solver.Sat {
			a, err := q.Decode(s.Model())
			return a, total, err
		}
	}
	return puzzle.SticksAnswer{Length: sum, Sticks: [][]int{append([]int(nil), p.Pieces...)}}, total, nil
}

// SticksQuery returns the decision query "the pieces make sticks of
// length l", with the errors of Sticks.
func SticksQuery(ctx context.Context, p puzzle.Sticks, l int, c solver.Config) (solver.Query[puzzle.SticksAnswer], string, error) {
	q, err := sticksQuery(ctx, p, l, encode.SticksEncoding{}, c)
	return q, fmt.Sprintf("L=%d", l), err
}

// sticksQuery builds the query at l once c's budget allows its size bound.
func sticksQuery(ctx context.Context, p puzzle.Sticks, l int, enc encode.SticksEncoding, c solver.Config) (*encode.SticksQuery, error) {
	return sized(c, encode.SticksSize(p, l, enc), func() (*encode.SticksQuery, error) {
		return encode.SticksContext(ctx, p, l, enc)
	})
}
