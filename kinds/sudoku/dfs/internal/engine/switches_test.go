package engine

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/internal/ref/sudokuref"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// randomOn returns a random subset of the prunings, each off with
// probability 1/3.
func randomOn(rng *rand.Rand) technique.Bits {
	on := AllOn
	for i := range NumCuts {
		if rng.IntN(3) == 0 {
			on &^= 1 << i
		}
	}
	return on
}

// without returns every pruning on but cuts.
func without(cuts ...int) technique.Bits {
	on := AllOn
	for _, c := range cuts {
		on &^= 1 << c
	}
	return on
}

// TestSwitchesNineAnswer: with any switches off, solveOrdered answers what
// nineSearch finds first, on grids with many answers, none or one.
func TestSwitchesNineAnswer(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 1))
	grids := nineFiles(t)
	for _, givens := range []int{0, 8, 17, 22, 26, 30} {
		grids = append(grids, randomNine(rng, 30, givens, false)...)
		grids = append(grids, randomNine(rng, 10, givens, true)...)
	}
	// A draw that switches off most of the rules on a nearly empty grid
	// can take minutes; past nineTestNodes it is left out, and a few of
	// those are allowed.
	const nineTestNodes = 1_000_000
	skipped := 0
	for i, cells := range grids {
		on := randomOn(rng)
		want := solveNine(context.Background(), cells, 1, math.MaxInt64)
		got := solveOrdered[trace.Counted](context.Background(), cells, nineTestNodes, on, nil)
		if errors.Is(got.Err, ErrNodeLimit) {
			skipped++
			continue
		}
		require.NoError(t, got.Err, "grid %d %v %b", i, cells, on)
		require.Equal(t, want.found, got.Found, "grid %d %v %b", i, cells, on)
		require.Equal(t, want.answer, got.Answer, "grid %d %v %b", i, cells, on)
	}
	require.LessOrEqual(t, skipped, len(grids)/20, "too many draws past the node limit")
	t.Logf("%d of %d draws past %d nodes", skipped, len(grids), nineTestNodes)
}

// TestSwitchesNineCounts: with any switches off, the permutation search
// counts what a brute force counts.
func TestSwitchesNineCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 2))
	for _, tc := range []struct {
		givens, n, limit int
		noise            bool
	}{
		{40, 60, 1000, false}, {30, 30, 200, false}, {32, 60, 50, true}, {24, 60, 20, false},
	} {
		for _, cells := range randomNine(rng, tc.n, tc.givens, tc.noise) {
			on := randomOn(rng)
			got := solvePerm[trace.Counted](context.Background(), cells, tc.limit, math.MaxInt64, on, nil)
			require.NoError(t, got.Err)
			require.Equal(t, nineBrute(cells, tc.limit), got.Found, "givens %d %v %b", tc.givens, cells, on)
			if got.Found > 0 {
				p := sudoku.Instance{Box: 3, Cells: cells}
				require.NoError(t, p.Verify(sudoku.Answer{Cells: got.Answer}))
			}
		}
	}
}

// TestSwitchesSmallWide: with any switches off, the search for 4x4 to
// 49x49 and the wide one (run here on small grids) count what the first
// counts with every pruning on, and a solve by the wide search that
// learns after a few failures finds an answer exactly when there is one.
func TestSwitchesSmallWide(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 3))
	ctx := context.Background()
	for _, box := range []int{2, 3, 4, 5} {
		side := box * box
		trials := 60
		if box == 5 {
			trials = 6
		}
		for trial := range trials {
			full := sudokuref.Shuffled(rng, box)
			p := sudoku.Instance{Box: box, Cells: make([]int16, side*side)}
			// Enough givens that branching on the first free cell stays
			// cheap; a 4x4 with few has many answers.
			keep := side * side * (35 + rng.IntN(30)) / 100
			switch box {
			case 2:
				keep = rng.IntN(8)
			case 4:
				keep = side * side * (55 + rng.IntN(25)) / 100
			case 5:
				keep = side * side * (75 + rng.IntN(15)) / 100
			}
			for _, i := range rng.Perm(side * side)[:keep] {
				p.Cells[i] = full[i]
				if trial%4 == 3 && rng.IntN(10) == 0 {
					p.Cells[i] = int16(rng.IntN(side) + 1)
				}
			}
			want := runSmall[trace.Counted](ctx, p, 20, 1<<62, AllOn, nil)
			require.NoError(t, want.Err)
			for _, r := range []struct {
				limit int
				run   func(technique.Bits) Result
			}{
				{20, func(on technique.Bits) Result { return runSmall[trace.Counted](ctx, p, 20, 1<<62, on, nil) }},
				{20, func(on technique.Bits) Result { return runWide[trace.Counted](ctx, p, 20, 1<<62, on, nil) }},
				{1, func(on technique.Bits) Result { return runSmall[trace.Counted](ctx, p, 1, 1<<62, on, nil) }},
				{1, func(on technique.Bits) Result { return runWideAfter[trace.Counted](ctx, p, 1, 1<<62, on, nil, 3) }},
			} {
				on := randomOn(rng)
				got := r.run(on)
				require.NoError(t, got.Err, "box %d trial %d %b", box, trial, on)
				require.Equal(t, min(want.Found, r.limit), got.Found, "box %d trial %d %b", box, trial, on)
				if got.Found > 0 {
					require.NoError(t, p.Verify(sudoku.Answer{Cells: got.Answer}), "box %d trial %d %b", box, trial, on)
				}
			}
		}
	}
}

// readGrids reads a judge file of the repository.
func readGrids(t *testing.T, name string) []sudoku.Instance {
	f, err := os.Open(judgedata.Path(t, "sudoku", name))
	require.NoError(t, err)
	defer f.Close()
	ps, err := sudoku.Parse(name, f, "")
	require.NoError(t, err)
	return ps
}

// TestSwitchesReal: every switch changes the nodes of some search in its
// family, and no count.
func TestSwitchesReal(t *testing.T) {
	ctx := context.Background()
	top95 := readGrids(t, "top95.txt")
	hex := readGrids(t, "poj3076_tedukuri_a.in")
	rng := rand.New(rand.NewPCG(19, 4))
	sparse, dense := sudoku.Instance{Box: 4, Cells: sudokuref.Shuffled(rng, 4)}, sudoku.Instance{Box: 4, Cells: sudokuref.Shuffled(rng, 4)}
	for _, i := range rng.Perm(256)[:160] {
		sparse.Cells[i] = 0
	}
	for _, i := range rng.Perm(256)[:128] {
		dense.Cells[i] = 0
	}
	nine := func(on technique.Bits) (int, int64) {
		found, nodes := 0, int64(0)
		for _, p := range top95 {
			r := solvePerm[trace.Counted](ctx, p.Cells, 2, math.MaxInt64, on, nil)
			found, nodes = found+r.Found, nodes+r.Nodes
		}
		return found, nodes
	}
	runs := func(run func(p sudoku.Instance, on technique.Bits) Result, ps ...sudoku.Instance) func(technique.Bits) (int, int64) {
		return func(on technique.Bits) (int, int64) {
			found, nodes := 0, int64(0)
			for _, p := range ps {
				r := run(p, on)
				require.NoError(t, r.Err)
				found, nodes = found+r.Found, nodes+r.Nodes
			}
			return found, nodes
		}
	}
	small := runs(func(p sudoku.Instance, on technique.Bits) Result {
		return runSmall[trace.Counted](ctx, p, 2, 1<<62, on, nil)
	}, hex...)
	look := runs(func(p sudoku.Instance, on technique.Bits) Result {
		return runSmall[trace.Counted](ctx, p, 3000, 1<<62, on, nil)
	}, sparse)
	wide := runs(func(p sudoku.Instance, on technique.Bits) Result {
		return runWide[trace.Counted](ctx, p, 2, 1<<62, on, nil)
	}, dense)
	learn := runs(func(p sudoku.Instance, on technique.Bits) Result {
		return runWideAfter[trace.Counted](ctx, p, 1, 1<<62, on, nil, 1)
	}, hex...)
	for cut, family := range map[int][]func(technique.Bits) (int, int64){
		CutNakedSingles: {nine, small, wide}, CutHiddenSingles: {nine, small, wide}, CutFewestFirst: {nine, small, wide},
		CutBoxLine: {small}, CutLookAhead: {look},
		CutBandBranch: {nine}, CutStackRule: {nine}, CutMinirows: {nine},
		CutLearning: {learn},
	} {
		for i, run := range family {
			wantFound, wantNodes := run(AllOn)
			found, nodes := run(without(cut))
			require.Equal(t, wantFound, found, "cut %d, search %d", cut, i)
			require.NotEqual(t, wantNodes, nodes, "cut %d, search %d", cut, i)
			t.Logf("cut %d, search %d: %d nodes, %d with every pruning", cut, i, nodes, wantNodes)
		}
	}
}
