package sat_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/kinds/sticks"
	"github.com/puzzlesat/puzzlesat/kinds/sticks/gen"
	"github.com/puzzlesat/puzzlesat/kinds/sticks/sat"
	"github.com/puzzlesat/puzzlesat/solver"
)

// sticksEncodings is every combination of formulation, sum encoding and
// symmetry breaking, and for the counts model with exact MDDs every
// choice of long pieces.
func sticksEncodings() []sat.Encoding {
	var out []sat.Encoding
	for _, pieces := range []bool{false, true} {
		for _, sum := range []sat.Sum{sat.SumMDD, sat.SumMDDAtMost, sat.SumAdder, sat.SumMDDExact} {
			for _, sym := range []sat.Symmetry{sat.SymmetryLex, sat.SymmetryFirst, sat.SymmetryNone} {
				out = append(out, sat.Encoding{Pieces: pieces, Sum: sum, Symmetry: sym})
			}
		}
	}
	for _, long := range []sat.Long{sat.LongNone, sat.LongHalf, sat.LongThird, sat.LongBoth} {
		out = append(out, sat.Encoding{Long: long})
	}
	return out
}

// sticksModels counts the models of q over q.Vars() up to limit, decoding
// and verifying each.
func sticksModels(t *testing.T, p sticks.Instance, q *sat.Query, limit int) int {
	t.Helper()
	s := solver.New(q.Formula())
	n := 0
	for ; n < limit; n++ {
		st, err := s.Solve(context.Background())
		require.NoError(t, err)
		if st == solver.Unsat {
			return n
		}
		m := s.Model()
		a, err := q.Decode(m)
		require.NoError(t, err)
		require.Equal(t, q.Length(), a.Length)
		require.NoError(t, p.Verify(a), "decoded %v", a.Sticks)
		var block []cnf.Lit
		for _, v := range q.Vars() {
			if m.Value(v.Pos()) {
				block = append(block, v.Neg())
			} else {
				block = append(block, v.Pos())
			}
		}
		q.Formula().Add(block...)
	}
	return n
}

// sticksBrute counts by brute force the models each symmetry breaking
// should leave, for sticks of length l: every map from pieces (longest
// first) to k = sum/l sticks that fills each stick exactly is a solution.
// Pieces models are such maps (Lex/First: piece i in sticks 0..i; Lex
// also sends equal pieces to non-decreasing sticks); counts models are
// their distinct count vectors per stick (First: the count of the longest
// length non-increasing over the sticks; Lex: the vectors
// lexicographically non-increasing).
func sticksBrute(pieces []int, l int) map[sat.Encoding]int {
	sum := 0
	for _, v := range pieces {
		sum += v
	}
	out := map[sat.Encoding]int{}
	if l < 1 || sum%l != 0 {
		return out
	}
	k := sum / l
	var vals []int
	for i, v := range pieces {
		if i == 0 || v != pieces[i-1] {
			vals = append(vals, v)
		}
	}
	seen := map[string][]bool{} // count tuple -> (first, lex) flags
	stick := make([]int, len(pieces))
	fill := make([]int, k)
	var rec func(i int)
	rec = func(i int) {
		if i == len(pieces) {
			for _, f := range fill {
				if f != l {
					return
				}
			}
			first := true
			lex := true
			for j, s := range stick {
				first = first && s <= j
				lex = lex && s <= j && (j == 0 || pieces[j] != pieces[j-1] || s >= stick[j-1])
			}
			out[sat.Encoding{Pieces: true, Symmetry: sat.SymmetryNone}]++
			if first {
				out[sat.Encoding{Pieces: true, Symmetry: sat.SymmetryFirst}]++
			}
			if lex {
				out[sat.Encoding{Pieces: true, Symmetry: sat.SymmetryLex}]++
			}
			cnt := make([][]int, k)
			for s := range cnt {
				cnt[s] = make([]int, len(vals))
			}
			for j, s := range stick {
				cnt[s][slices.Index(vals, pieces[j])]++
			}
			key := fmt.Sprint(cnt)
			if _, ok := seen[key]; !ok {
				f, x := true, true
				for s := 1; s < k; s++ {
					f = f && cnt[s-1][0] >= cnt[s][0]
					x = x && slices.Compare(cnt[s-1], cnt[s]) >= 0
				}
				seen[key] = []bool{f, x}
			}
			return
		}
		for s := range k {
			if fill[s]+pieces[i] <= l {
				fill[s] += pieces[i]
				stick[i] = s
				rec(i + 1)
				fill[s] -= pieces[i]
			}
		}
	}
	rec(0)
	for _, flags := range seen {
		out[sat.Encoding{Symmetry: sat.SymmetryNone}]++
		if flags[0] {
			out[sat.Encoding{Symmetry: sat.SymmetryFirst}]++
		}
		if flags[1] {
			out[sat.Encoding{Symmetry: sat.SymmetryLex}]++
		}
	}
	return out
}

// TestSticksModelsMatchBruteForce checks every encoding on small generated
// blocks at several lengths: the models, counted over Vars, are exactly
// the solutions the symmetry breaking keeps, and each decodes to sticks
// that pass Verify.
func TestSticksModelsMatchBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for b := range 10 {
		p := gen.Random(rng, 2+rng.IntN(3), 4+rng.IntN(6))
		if len(p.Pieces) > 9 {
			p.Pieces = p.Pieces[:9]
		}
		pieces := slices.Clone(p.Pieces)
		slices.SortFunc(pieces, func(a, b int) int { return b - a })
		sum := 0
		for _, v := range pieces {
			sum += v
		}
		for l := max(1, pieces[0]-1); l <= sum; l++ {
			if sum%l != 0 && l != pieces[0]+1 {
				continue
			}
			want := sticksBrute(pieces, l)
			for _, enc := range sticksEncodings() {
				q := sat.EncodeWith(p, l, enc)
				key := sat.Encoding{Pieces: enc.Pieces, Symmetry: enc.Symmetry}
				got := sticksModels(t, p, q, 500)
				require.Equal(t, min(want[key], 500), got, "block %d %v L=%d %s", b, p.Pieces, l, enc)
			}
		}
	}
}

// TestSticksLexLeavesOneModelPerMultiset checks a block with many equal
// pieces, where the counts model with lex order has one model per way of
// grouping the lengths into sticks.
func TestSticksLexLeavesOneModelPerMultiset(t *testing.T) {
	p := sticks.Instance{Pieces: []int{5, 5, 5, 5, 3, 3, 2, 2, 2, 2, 1, 1}}
	// L = 12, 3 sticks; sticks such as {5,5,2} may repeat.
	want := sticksBrute([]int{5, 5, 5, 5, 3, 3, 2, 2, 2, 2, 1, 1}, 12)
	q := sat.Encode(p, 12)
	require.Equal(t, want[sat.Encoding{}], sticksModels(t, p, q, 1000))
	require.Greater(t, want[sat.Encoding{}], 1)
}

func TestSticksQueryOutsideDivisors(t *testing.T) {
	p := sticks.Instance{Pieces: []int{5, 2, 1, 5, 2, 1, 5, 2, 1}}
	for _, l := range []int{0, -3, 5, 7} {
		q := sat.Encode(p, l)
		require.Equal(t, 0, sticksModels(t, p, q, 1), "L=%d", l)
		_, err := q.Decode(make(cnf.Model, q.Formula().NumVars()+1))
		require.Error(t, err, "L=%d", l)
	}
}

func TestSticksDeterministicDIMACS(t *testing.T) {
	p := sticks.Instance{Pieces: []int{5, 2, 1, 5, 2, 1, 5, 2, 1}}
	var a, b strings.Builder
	require.NoError(t, cnf.WriteDIMACS(&a, sat.Encode(p, 6).Formula()))
	require.NoError(t, cnf.WriteDIMACS(&b, sat.Encode(p, 6).Formula()))
	require.Equal(t, a.String(), b.String())
	require.Contains(t, a.String(), "c puzzlesat sticks L=6 sticks=4 pieces=9 encoding=counts/mdd-exact/lex/long-auto\n")
	require.Contains(t, a.String(), " stick1[5]>=1\n")
}

func TestSticksDecodeRejectsBrokenOrder(t *testing.T) {
	p := sticks.Instance{Pieces: []int{2, 2, 2, 2}}
	q := sat.Encode(p, 4) // 2 sticks, counts of 2 in 0..2: stick1[2]>=1, stick1[2]>=2, ...
	m := make(cnf.Model, q.Formula().NumVars()+1)
	m[q.Vars()[1]] = true // stick1[2]>=2 without >=1
	_, err := q.Decode(m)
	require.ErrorContains(t, err, "order encoding")
}

// TestSticksSizeBound checks that SticksSize bounds the formula that each
// encoding builds, and for the default encoding by at most 6 times (3
// at the lengths the search asks about, 5 at L = 1 or 2).
func TestSticksSizeBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	encs := sticksEncodings()
	for b := range 8 {
		p := gen.Random(rng, 2+rng.IntN(6), 5+rng.IntN(60))
		sum := 0
		for _, v := range p.Pieces {
			sum += v
		}
		for l := 1; l <= sum/2; l++ {
			if sum%l != 0 && l%13 != 0 {
				continue
			}
			for _, enc := range encs {
				if enc.Pieces && len(p.Pieces) > 16 {
					continue // slow to build, and sized by the same functions
				}
				bound := sat.Size(p, l, enc)
				got := sat.EncodeWith(p, l, enc).Formula().Size()
				require.True(t, got.Within(bound), "block %d %v L=%d %s: %v over the bound %v", b, p.Pieces, l, enc, got, bound)
				if enc == (sat.Encoding{}) && got.Lits > 1000 {
					require.True(t, bound.Within(got.Times(6)), "block %d L=%d: bound %v for %v", b, l, bound, got)
				}
			}
		}
	}
}

// TestSticksSizeRefusesHuge sizes the query that once took 8.9 GB to
// build (issue 10): 1000 pieces of length up to 10,000. The bound is over
// any budget that fits 4 GB, and computing it takes no such memory.
func TestSticksSizeRefusesHuge(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 10))
	p := sticks.Instance{}
	sum, longest := 0, 0
	for range 1000 {
		v := 1 + rng.IntN(10000)
		p.Pieces = append(p.Pieces, v)
		sum += v
		longest = max(longest, v)
	}
	l := longest
	for sum%l != 0 {
		l++
	}
	size := sat.Size(p, l, sat.Encoding{})
	require.Greater(t, size.Lits, int64(1)<<30, "L=%d: %v", l, size)
}

func TestSticksContextCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := sticks.Instance{Pieces: []int{5, 2, 1, 5, 2, 1, 5, 2, 1}}
	for _, enc := range []sat.Encoding{{}, {Pieces: true}} {
		_, err := sat.EncodeContext(ctx, p, 6, enc)
		require.ErrorIs(t, err, context.Canceled, "%s", enc)
	}
}
