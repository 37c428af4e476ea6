package dfs_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/queens"
	"github.com/puzzlesat/puzzlesat/kinds/queens/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/queens/internal/ref/queensref"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/technique/techniquetest"
)

// queensSet resolves spec against QueensPrunings.
func queensSet(t testing.TB, spec string) technique.Set {
	t.Helper()
	on, _, err := technique.ResolvePrunings(dfs.Prunings(), spec)
	require.NoError(t, err, spec)
	return on
}

// queensWant returns the judge's answer for n by the brute force.
func queensWant(n int) queens.Answer {
	all := queensref.Solutions(n)
	if n > queens.JudgeN {
		return queens.Answer{First: all[:1], Count: -1}
	}
	first := all[:min(len(all), queens.Shown)]
	if len(first) == 0 {
		first = nil
	}
	return queens.Answer{First: first, Count: len(all)}
}

// TestQueens holds the search, with random prunings off, to the brute
// force on every board up to 9, and its counts to the known ones up to
// 13.
func TestQueens(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 92))
	for n := 1; n <= queens.JudgeN; n++ {
		p := queens.Instance{N: n}
		var want queens.Answer
		if n <= 9 {
			want = queensWant(n)
		}
		specs := []string{""}
		if n <= 9 {
			for range 6 {
				specs = append(specs, techniquetest.SomeSwitches(rng, dfs.Prunings()))
			}
		}
		for _, spec := range specs {
			a, _, err := dfs.Solve(context.Background(), p, search.Run{Prunings: queensSet(t, spec), CountCuts: true})
			require.NoError(t, err, "N=%d %s", n, spec)
			require.NoError(t, p.Verify(a), "N=%d %s", n, spec)
			require.Equal(t, queensref.Known(n), a.Count, "N=%d %s", n, spec)
			if n <= 9 {
				require.Equal(t, want, a, "N=%d %s", n, spec)
			}
			for _, limit := range []int{1, 2, 1 << 30} {
				got, _, err := dfs.Count(context.Background(), p, limit, search.Run{Prunings: queensSet(t, spec), CountCuts: true})
				require.NoError(t, err)
				require.Equal(t, min(limit, queensref.Known(n)), got, "N=%d %s limit %d", n, spec, limit)
			}
		}
	}
}

// TestQueensFirstAbove13: above the judge's sizes the answer is the
// first solution in lexicographic order, found by the search in that
// order, with the mirror or without, and by the search in the other
// order, which must see every solution.
func TestQueensFirstAbove13(t *testing.T) {
	p := queens.Instance{N: 14}
	want := queensref.Least(14)
	for _, spec := range []string{"", "-mirror", "-lowest-first", "-lowest-first,-mirror"} {
		a, _, err := dfs.Solve(context.Background(), p, search.Run{Prunings: queensSet(t, spec), CountCuts: true})
		require.NoError(t, err, spec)
		require.Equal(t, queens.Answer{First: [][]int{want}, Count: -1}, a, spec)
	}
	// Up to 32 (BenchmarkQueens times 32 itself, 87 million queens).
	for n := 15; n <= 29; n++ {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		a, _, err := dfs.Solve(ctx, queens.Instance{N: n}, search.Run{CountCuts: true})
		cancel()
		require.NoError(t, err, "N=%d", n)
		require.NoError(t, queens.Instance{N: n}.Verify(a), "N=%d", n)
		if n <= 20 {
			require.Equal(t, queensref.Least(n), a.First[0], "N=%d", n)
		}
	}
}

// TestQueensCuts pins the counts on the 4×4 board, worked out by hand
// (columns 0-based). A mask counts the squares it alone refuses, those
// the other two leave: a square two masks refuse counts for neither.
//
//	row 0: 4 free; mirror skips columns 2 and 3 (mirror 2)
//	(0,0) row 1: 0 held (columns 1), 1 on ↘ (diagonals 1); 2, 3 free
//	  (1,2) row 2: 0 (columns 1), 3 on ↘ (1), 1 on ↙ (anti 1); 2 is
//	        held and on ↘: dead
//	  (1,3) row 2: 0, 3 (columns 2); 2 is on ↘ and ↙; 1 free
//	    (2,1) row 3: 2 on ↘ (1); 0, 1 and 3 twice over: dead
//	(0,1) row 1: 1 (columns 1), 2 on ↘ (1), 0 on ↙ (anti 1); 3 free
//	  (1,3) row 2: 1 (columns 1), 2 on ↙ (anti 1); 3 twice; 0 free
//	    (2,0) row 3: 0, 3 (columns 2); 1 twice; 2 free: 2 4 1 3, and
//	          its mirror
//
// Columns 1+1+2+1+1+2 = 8, diagonals 4, anti-diagonals 3; 8 queens
// placed.
func TestQueensCuts(t *testing.T) {
	p := queens.Instance{N: 4}
	for range 2 { // the same on every run
		a, st, err := dfs.Solve(context.Background(), p, search.Run{CountCuts: true})
		require.NoError(t, err)
		require.Equal(t, 2, a.Count)
		require.Equal(t, int64(8), st.Nodes)
		got := map[string]int64{}
		for i, pr := range dfs.Prunings() {
			got[pr.Name] = st.Cuts[i]
		}
		require.Equal(t, map[string]int64{"columns": 8, "diagonals": 4, "anti-diagonals": 3, "mirror": 2, "lowest-first": 0}, got)
	}
	// Above 13, lowest-first ends the search at its first solution, and
	// counts the columns it leaves untried: on N = 14, 38 along the path
	// to 1 3 5 7 12 10 13 4 14 9 2 6 8 11 and the middle column.
	_, st, err := dfs.Solve(context.Background(), queens.Instance{N: 14}, search.Run{CountCuts: true})
	require.NoError(t, err)
	require.Equal(t, int64(38), st.Cuts[4])
	// Each count is 0 with its pruning off.
	for i, pr := range dfs.Prunings() {
		_, st, err := dfs.Solve(context.Background(), queens.Instance{N: 6}, search.Run{Prunings: queensSet(t, "-"+pr.Name), CountCuts: true})
		require.NoError(t, err)
		require.Zero(t, st.Cuts[i], pr.Name)
	}
}

func BenchmarkQueens(b *testing.B) {
	for _, n := range []int{8, 13, 16, 32} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			p := queens.Instance{N: n}
			var nodes int64
			for b.Loop() {
				var st search.Stats
				var err error
				if n <= queens.JudgeN {
					_, st, err = dfs.Solve(context.Background(), p, search.Run{CountCuts: true})
				} else if n == 16 {
					_, st, err = dfs.Count(context.Background(), p, 1<<40, search.Run{CountCuts: true})
				} else {
					_, st, err = dfs.Solve(context.Background(), p, search.Run{CountCuts: true})
				}
				if err != nil {
					b.Fatal(err)
				}
				nodes += st.Nodes
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
