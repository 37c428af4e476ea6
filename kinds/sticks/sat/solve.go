package sat

import (
	"context"
	"fmt"
	"slices"

	"github.com/puzzlesat/puzzlesat/kinds/sticks"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// Solve returns the smallest stick length into which the pieces of p can
// all be joined, with the pieces of each stick. It tries the divisors L of
// the total from the longest piece upward and solves the decision query
// Encode(p, L) of each with a fresh solver; the first satisfiable
// one is the answer. Only facts any solver can check are used to skip
// queries: L must be at least the longest piece and divide the total, and
// an L above half the total can only be the total itself, one stick of
// every piece. Before it builds a query it bounds its size with
// Size, and a query over c's budget stops the search with a
// *TooLarge error. The error is puzzle.ErrNoSolution when p has no pieces,
// or the context's error, which also stops a query being built. enc picks
// the formulation of the queries among the choices of SticksEncodings.
func Solve(ctx context.Context, p sticks.Instance, c solver.Config, enc technique.Picks) (sticks.Answer, solver.Stats, error) {
	e := sticksEncoding(enc)
	var total solver.Stats
	sum, longest := 0, 0
	for _, v := range p.Pieces {
		sum += v
		longest = max(longest, v)
	}
	if len(p.Pieces) == 0 {
		return sticks.Answer{}, total, puzzle.ErrNoSolution
	}
	for l := longest; 2*l <= sum; l++ {
		if sum%l != 0 {
			continue
		}
		q, err := sticksQuery(ctx, p, l, e, c)
		if err != nil {
			return sticks.Answer{}, total, fmt.Errorf("sticks query L=%d: %w", l, err)
		}
		s := c.New(q.Formula())
		s.Name(fmt.Sprintf("L=%d", l))
		st, err := s.Solve(ctx)
		s.Close()
		total.Add(s.Stats())
		if err != nil {
			return sticks.Answer{}, total, err
		}
		if st == solver.Sat {
			a, err := q.Decode(s.Model())
			return a, total, err
		}
	}
	return sticks.Answer{Length: sum, Sticks: [][]int{append([]int(nil), p.Pieces...)}}, total, nil
}

// Encodings returns the choice points of the queries of Sticks and
// QueryAt, the fields of Encoding.
func Encodings() []technique.Choice {
	return []technique.Choice{
		{Point: "model", Options: []string{"counts", "pieces"},
			Doc: "the variables: per stick and distinct length the count of its pieces there, or per piece and stick whether it is there"},
		{Point: "sum", Options: []string{"mdd-exact", "mdd", "mdd-atmost", "adder"},
			Doc: "each stick's sum = L: one exact MDD, MDDs of <= L and >= L, the <= L MDD alone, or an adder tree fixed to L"},
		{Point: "symmetry", Options: []string{"lex", "first", "none"},
			Doc: "the sticks ordered lexicographically, only by their longest pieces (their first piece with model=pieces), or not at all"},
		{Point: "long", Options: []string{"auto", "none", "half", "third", "both"},
			Doc: "with model=counts and sum=mdd-exact: the pieces over L/2, L/3 or both counted in each stick's MDD and summed, auto as the block calls for"},
	}
}

// sticksEncoding returns the formulation enc picks. The options of sum,
// symmetry and long are listed in the order of the constants of their
// types in package encode.
func sticksEncoding(enc technique.Picks) Encoding {
	cs := Encodings()
	pick := func(point string) int {
		i := slices.IndexFunc(cs, func(c technique.Choice) bool { return c.Point == point })
		return slices.Index(cs[i].Options, enc.Get(cs, point))
	}
	return Encoding{
		Pieces:   enc.Get(cs, "model") == "pieces",
		Sum:      Sum(pick("sum")),
		Symmetry: Symmetry(pick("symmetry")),
		Long:     Long(pick("long")),
	}
}

// QueryAt returns the decision query "the pieces make sticks of
// length l" in the formulation enc picks, with the errors of Sticks.
func QueryAt(ctx context.Context, p sticks.Instance, l int, c solver.Config, enc technique.Picks) (solver.Query[sticks.Answer], string, error) {
	q, err := sticksQuery(ctx, p, l, sticksEncoding(enc), c)
	return q, fmt.Sprintf("L=%d", l), err
}

// sticksQuery builds the query at l once c's budget allows its size bound.
func sticksQuery(ctx context.Context, p sticks.Instance, l int, enc Encoding, c solver.Config) (*Query, error) {
	return solver.Sized(ctx, c, Size(p, l, enc), func() (*Query, error) {
		return EncodeContext(ctx, p, l, enc)
	})
}
