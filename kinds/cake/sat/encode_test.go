package sat_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/kinds/cake"
	"github.com/puzzlesat/puzzlesat/kinds/cake/sat"
	"github.com/puzzlesat/puzzlesat/solver"
)

// bruteCakes returns every cake of p, bottom layer first.
func bruteCakes(p cake.Instance) [][]cake.Layer {
	var all [][]cake.Layer
	var rec func(layers []cake.Layer, rem, rBelow, hBelow int)
	rec = func(layers []cake.Layer, rem, rBelow, hBelow int) {
		if len(layers) == p.Layers {
			if rem == 0 {
				all = append(all, append([]cake.Layer(nil), layers...))
			}
			return
		}
		for r := 1; r < rBelow && r*r <= rem; r++ {
			for h := 1; h < hBelow && r*r*h <= rem; h++ {
				rec(append(layers, cake.Layer{R: r, H: h}), rem-r*r*h, r, h)
			}
		}
	}
	rec(nil, p.Volume, p.Volume+1, p.Volume+1)
	return all
}

// cakeArea returns Q of a cake given bottom first.
func cakeArea(layers []cake.Layer) int {
	q := layers[0].R * layers[0].R
	for _, l := range layers {
		q += 2 * l.R * l.H
	}
	return q
}

// cakeVars returns the radius and height variables of a cake query, which
// tell cakes apart.
func cakeVars(f *cnf.CNF) []cnf.Var {
	var vs []cnf.Var
	for v := cnf.Var(1); int(v) <= f.NumVars(); v++ {
		if n := f.Name(v); strings.HasPrefix(n, "R") || strings.HasPrefix(n, "H") {
			vs = append(vs, v)
		}
	}
	return vs
}

// TestCakeCountsMatchBruteForce checks the decision query by its meaning:
// for small volumes the number of its models (over radii and heights)
// equals the number of cakes of area at most the bound, and every model
// decodes to one of them.
func TestCakeCountsMatchBruteForce(t *testing.T) {
	for _, enc := range []sat.Encoding{{}, {LooseDomains: true}, {Scaler: true}, {LooseDomains: true, Scaler: true}} {
		t.Run(fmt.Sprintf("%+v", enc), func(t *testing.T) { testCakeCounts(t, enc) })
	}
}

func testCakeCounts(t *testing.T, enc sat.Encoding) {
	ctx := context.Background()
	for m := 1; m <= 3; m++ {
		for n := 1; n <= 60; n++ {
			p := cake.Instance{Volume: n, Layers: m}
			cakes := bruteCakes(p)
			best := 0
			for _, c := range cakes {
				if a := cakeArea(c); best == 0 || a < best {
					best = a
				}
			}
			for _, k := range []int{best - 1, best, best + 10, sat.NoBound(p)} {
				if k < 0 {
					continue
				}
				t.Run(fmt.Sprintf("N=%d,M=%d,Q<=%d", n, m, k), func(t *testing.T) {
					want := 0
					for _, c := range cakes {
						if cakeArea(c) <= k {
							want++
						}
					}
					q := sat.EncodeWith(p, k, enc)
					s := solver.New(q.Formula())
					st, err := s.Solve(ctx)
					require.NoError(t, err)
					require.Equal(t, want > 0, st == solver.Sat)
					if st == solver.Sat {
						a, err := q.Decode(s.Model())
						require.NoError(t, err)
						require.NoError(t, p.Verify(a))
						require.LessOrEqual(t, a.Area, k)
						require.Equal(t, a.Area, q.Area(s.Model()))
					}
					got, err := solver.New(q.Formula()).Count(ctx, cakeVars(q.Formula()), len(cakes)+1)
					require.NoError(t, err)
					require.Equal(t, want, got)
				})
			}
		}
	}
}

// TestCakeAtMost tightens the bound on one formula, as the minimiser does,
// and checks every step against the brute-force optimum, and on the way
// down from 2·best the number of cakes under every 8th bound.
func TestCakeAtMost(t *testing.T) {
	ctx := context.Background()
	for _, p := range []cake.Instance{{Volume: 100, Layers: 2}, {Volume: 200, Layers: 3}, {Volume: 150, Layers: 3}, {Volume: 10, Layers: 2}, {Volume: 300, Layers: 4}} {
		t.Run(fmt.Sprintf("N=%d,M=%d", p.Volume, p.Layers), func(t *testing.T) {
			cakes := bruteCakes(p)
			best := 0
			for _, c := range cakes {
				if a := cakeArea(c); best == 0 || a < best {
					best = a
				}
			}
			q := sat.Encode(p, sat.NoBound(p))
			s := solver.New(q.Formula())
			for k := sat.NoBound(p); k >= best-2; k-- {
				sel := q.AtMost(k)
				st, err := s.Solve(ctx, sel)
				require.NoError(t, err)
				require.Equal(t, best > 0 && k >= best, st == solver.Sat, "Q<=%d", k)
				if k > 2*best || (k-best)%8 != 0 {
					continue
				}
				want := 0
				for _, c := range cakes {
					if cakeArea(c) <= k {
						want++
					}
				}
				got, err := solver.New(q.Formula()).Count(ctx, cakeVars(q.Formula()), len(cakes)+1, sel)
				require.NoError(t, err)
				require.Equal(t, want, got, "Q<=%d", k)
			}
		})
	}
}

// TestCakeCube fixes every layer of each cake of area at most a bound by
// Radius and Height: the query then has that cake and no other, and with
// one layer's height changed, none.
func TestCakeCube(t *testing.T) {
	ctx := context.Background()
	for _, p := range []cake.Instance{{Volume: 100, Layers: 2}, {Volume: 300, Layers: 3}, {Volume: 500, Layers: 4}} {
		cakes := bruteCakes(p)
		best := 0
		for _, c := range cakes {
			if a := cakeArea(c); best == 0 || a < best {
				best = a
			}
		}
		q := sat.Encode(p, best+20)
		s := solver.New(q.Formula())
		for _, c := range cakes {
			if cakeArea(c) > best+20 {
				continue
			}
			var as []cnf.Lit
			for i, l := range c {
				r, ok := q.Radius(i, l.R)
				require.True(t, ok, "%v", c)
				hs, ok := q.Height(i, l.H)
				require.True(t, ok, "%v", c)
				as = append(append(as, r), hs...)
			}
			st, err := s.Solve(ctx, as...)
			require.NoError(t, err)
			require.Equal(t, solver.Sat, st, "%v", c)
			a, err := q.Decode(s.Model())
			require.NoError(t, err)
			require.Equal(t, c, a.Layers)
			if hs, ok := q.Height(0, c[0].H+1); ok {
				st, err := s.Solve(ctx, append(as[:1:1], append(hs, as[1+len(hs):]...)...)...)
				require.NoError(t, err)
				require.Equal(t, solver.Unsat, st, "%v with the bottom one higher", c)
			}
		}
	}
}

func TestCakeNoCake(t *testing.T) {
	// The volume bound alone refutes these: 1³+...+14³ = 11025 > 10000,
	// 1³+2³+3³ = 36 > 35; and an area bound below 1 admits nothing.
	for _, tc := range []struct {
		p    cake.Instance
		area int
	}{
		{cake.Instance{Volume: 10000, Layers: 14}, 30000},
		{cake.Instance{Volume: 35, Layers: 3}, 105},
		{cake.Instance{Volume: 100, Layers: 2}, 0},
	} {
		q := sat.Encode(tc.p, tc.area)
		st, err := solver.New(q.Formula()).Solve(context.Background())
		require.NoError(t, err)
		require.Equal(t, solver.Unsat, st, "%+v", tc)
		_, err = q.Decode(cnf.Model{})
		require.Error(t, err)
	}
}

func TestCakeDeterministic(t *testing.T) {
	p := cake.Instance{Volume: 4999, Layers: 8}
	var a, b strings.Builder
	require.NoError(t, cnf.WriteDIMACS(&a, sat.Encode(p, 1015).Formula()))
	require.NoError(t, cnf.WriteDIMACS(&b, sat.Encode(p, 1015).Formula()))
	require.Equal(t, a.String(), b.String())
	require.Contains(t, a.String(), "c puzzlesat cake N=4999 M=8 Q<=1015")
	require.Contains(t, a.String(), " R8=8\n")
}
