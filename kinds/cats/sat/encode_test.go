package sat_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/kinds/cats"
	"github.com/puzzlesat/puzzlesat/kinds/cats/internal/ref/catsref"
	"github.com/puzzlesat/puzzlesat/kinds/cats/sat"
	"github.com/puzzlesat/puzzlesat/solver"
)

// catsPackings counts by brute force the packings of p into at most k
// cars as the lex order leaves them: distinct multisets of cars, each car
// a multiset of weights (equal cats are alike).
func catsPackings(p cats.Instance, k int) int {
	seen := map[string]bool{}
	car := make([]int, len(p.Weights))
	var place func(i, open int)
	place = func(i, open int) {
		if i == len(p.Weights) {
			cars := make([][]int, open)
			load := make([]int, open)
			for j, c := range car {
				cars[c] = append(cars[c], p.Weights[j])
				load[c] += p.Weights[j]
			}
			if slices.Max(load) > p.W {
				return
			}
			keys := make([]string, open)
			for c := range cars {
				slices.Sort(cars[c])
				keys[c] = fmt.Sprint(cars[c])
			}
			slices.Sort(keys)
			seen[strings.Join(keys, "|")] = true
			return
		}
		for c := 0; c <= open && c < k; c++ {
			car[i] = c
			place(i+1, max(open, c+1))
		}
	}
	place(0, 0)
	return len(seen)
}

// catsModels counts the models of q over its variables, decoding and
// verifying each.
func catsModels(t *testing.T, p cats.Instance, q *sat.Query) int {
	t.Helper()
	s := solver.New(q.Formula())
	n := 0
	for {
		st, err := s.Solve(context.Background())
		require.NoError(t, err)
		if st == solver.Unsat {
			return n
		}
		n++
		m := s.Model()
		a, err := q.Decode(m)
		require.NoError(t, err)
		require.NoError(t, p.Verify(a))
		require.LessOrEqual(t, len(a.Cars), q.Cars())
		require.Equal(t, len(a.Cars), q.Used(m))
		var block []cnf.Lit
		for _, v := range q.Vars() {
			block = append(block, cnf.Sign(v.Pos(), !m.Value(v.Pos())))
		}
		q.Formula().Add(block...)
	}
}

// TestCatsQueryModels checks that the lex order leaves exactly one model
// per packing (multiset of cars), with both sum encodings.
func TestCatsQueryModels(t *testing.T) {
	rng := rand.New(rand.NewPCG(165, 4))
	for i := range 60 {
		p := catsref.Random(rng, 1+rng.IntN(6), []int{10, 1e9}[i%2], i%3)
		k := 1 + rng.IntN(4)
		want := catsPackings(p, k)
		for _, enc := range []sat.Encoding{{}, {Adder: true}, {MaxNodes: 2}, {NoFull: true}} {
			got := catsModels(t, p, sat.EncodeWith(p, k, enc))
			require.Equal(t, want, got, "%s into %d cars, %s", p.String(), k, enc)
		}
	}
}

func TestCatsQueryImpossible(t *testing.T) {
	for _, tc := range []struct {
		p cats.Instance
		k int
	}{
		{cats.Instance{W: 5, Weights: []int{6}}, 3},
		{cats.Instance{W: 5, Weights: []int{1}}, 0},
		{cats.Instance{W: 5, Weights: []int{1}}, -1},
	} {
		q := sat.Encode(tc.p, tc.k)
		st, err := solver.New(q.Formula()).Solve(context.Background())
		require.NoError(t, err)
		require.Equal(t, solver.Unsat, st)
		_, err = q.Decode(nil)
		require.Error(t, err)
	}
}

// TestCatsQueryAtMost checks the used-car literals against the optimum on
// one solver: at most opt-1 fails, at most opt holds.
func TestCatsQueryAtMost(t *testing.T) {
	rng := rand.New(rand.NewPCG(165, 5))
	for i := range 50 {
		p := catsref.Random(rng, 1+rng.IntN(9), 1000, i%3)
		opt := catsref.Cars(p)
		q := sat.Encode(p, len(p.Weights))
		s := solver.New(q.Formula())
		for tgt := len(p.Weights); tgt >= 0; tgt-- {
			st, err := s.Solve(context.Background(), q.AtMost(tgt)...)
			require.NoError(t, err)
			require.Equal(t, tgt >= opt, st == solver.Sat, "%s: at most %d (opt %d)", p.String(), tgt, opt)
			if st == solver.Sat {
				require.LessOrEqual(t, q.Used(s.Model()), tgt)
			}
		}
	}
}

func TestCatsQuerySize(t *testing.T) {
	// 64 distinct weights near W/4: the MDD of one car stays small.
	rng := rand.New(rand.NewPCG(165, 6))
	p := cats.Instance{W: 1e9}
	for range 64 {
		p.Weights = append(p.Weights, 2e8+rng.IntN(1e8))
	}
	q := sat.Encode(p, 20)
	cars, nodes := q.MDDCars()
	t.Logf("%d of 20 cars by MDD, %d nodes; %d vars, %d clauses", cars, nodes, q.Formula().NumVars(), q.Formula().NumClauses())
	require.Equal(t, 20, cars)
	var a, b bytes.Buffer
	require.NoError(t, cnf.WriteDIMACS(&a, q.Formula()))
	require.NoError(t, cnf.WriteDIMACS(&b, sat.Encode(p, 20).Formula()))
	require.Equal(t, a.String(), b.String(), "the same instance gives the same CNF")
	require.Contains(t, a.String(), "c var 1 car1[")
}

// TestCatsSize checks that CatsSize bounds the real formula.
func TestCatsSize(t *testing.T) {
	rng := rand.New(rand.NewPCG(165, 7))
	for i := range 60 {
		p := catsref.Random(rng, 1+rng.IntN(40), []int{10, 1000, 1e9}[i%3], i%3)
		k := 1 + rng.IntN(len(p.Weights))
		for _, enc := range []sat.Encoding{{}, {Adder: true}, {MaxNodes: 5}, {NoFull: true}} {
			got := sat.EncodeWith(p, k, enc).Formula().Size()
			bound := sat.Size(p, k, enc)
			require.True(t, got.Within(bound), "%s in %d cars, %s: %v over %v", p.String(), k, enc, got, bound)
		}
	}
}
