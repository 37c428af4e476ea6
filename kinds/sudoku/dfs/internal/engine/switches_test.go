package engine

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/internal/ref/sudokuref"
)

// randomOff returns a random subset of the switches, each off with
// probability 1/3.
func randomOff(rng *rand.Rand) Off {
	var off Off
	v := reflect.ValueOf(&off).Elem()
	for i := range v.NumField() {
		v.Field(i).SetBool(rng.IntN(3) == 0)
	}
	return off
}

// every returns each switch alone, by name.
func every() map[string]Off {
	out := map[string]Off{}
	t := reflect.TypeOf(Off{})
	for i := range t.NumField() {
		var off Off
		reflect.ValueOf(&off).Elem().Field(i).SetBool(true)
		out[t.Field(i).Name] = off
	}
	return out
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
		off := randomOff(rng)
		want := solveNine(context.Background(), cells, 1, math.MaxInt64)
		got := solveOrdered(context.Background(), cells, nineTestNodes, off)
		if errors.Is(got.Err, ErrNodeLimit) {
			skipped++
			continue
		}
		require.NoError(t, got.Err, "grid %d %v %+v", i, cells, off)
		require.Equal(t, want.found, got.Found, "grid %d %v %+v", i, cells, off)
		require.Equal(t, want.answer, got.Answer, "grid %d %v %+v", i, cells, off)
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
			off := randomOff(rng)
			got := solvePerm(context.Background(), cells, tc.limit, math.MaxInt64, off)
			require.NoError(t, got.Err)
			require.Equal(t, nineBrute(cells, tc.limit), got.Found, "givens %d %v %+v", tc.givens, cells, off)
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
			want := runSmall(ctx, p, 20, 1<<62, Off{})
			require.NoError(t, want.Err)
			for _, r := range []struct {
				limit int
				run   func(Off) Result
			}{
				{20, func(off Off) Result { return runSmall(ctx, p, 20, 1<<62, off) }},
				{20, func(off Off) Result { return runWide(ctx, p, 20, 1<<62, off) }},
				{1, func(off Off) Result { return runSmall(ctx, p, 1, 1<<62, off) }},
				{1, func(off Off) Result { return runWideAfter(ctx, p, 1, 1<<62, off, 3) }},
			} {
				off := randomOff(rng)
				got := r.run(off)
				require.NoError(t, got.Err, "box %d trial %d %+v", box, trial, off)
				require.Equal(t, min(want.Found, r.limit), got.Found, "box %d trial %d %+v", box, trial, off)
				if got.Found > 0 {
					require.NoError(t, p.Verify(sudoku.Answer{Cells: got.Answer}), "box %d trial %d %+v", box, trial, off)
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
	nine := func(off Off) (int, int64) {
		found, nodes := 0, int64(0)
		for _, p := range top95 {
			r := solvePerm(ctx, p.Cells, 2, math.MaxInt64, off)
			found, nodes = found+r.Found, nodes+r.Nodes
		}
		return found, nodes
	}
	runs := func(run func(p sudoku.Instance, off Off) Result, ps ...sudoku.Instance) func(Off) (int, int64) {
		return func(off Off) (int, int64) {
			found, nodes := 0, int64(0)
			for _, p := range ps {
				r := run(p, off)
				require.NoError(t, r.Err)
				found, nodes = found+r.Found, nodes+r.Nodes
			}
			return found, nodes
		}
	}
	small := runs(func(p sudoku.Instance, off Off) Result { return runSmall(ctx, p, 2, 1<<62, off) }, hex...)
	look := runs(func(p sudoku.Instance, off Off) Result { return runSmall(ctx, p, 3000, 1<<62, off) }, sparse)
	wide := runs(func(p sudoku.Instance, off Off) Result { return runWide(ctx, p, 2, 1<<62, off) }, dense)
	learn := runs(func(p sudoku.Instance, off Off) Result { return runWideAfter(ctx, p, 1, 1<<62, off, 1) }, hex...)
	for name, family := range map[string][]func(Off) (int, int64){
		"NakedSingles": {nine, small, wide}, "HiddenSingles": {nine, small, wide}, "FewestFirst": {nine, small, wide},
		"BoxLine": {small}, "LookAhead": {look},
		"BandBranch": {nine}, "StackRule": {nine}, "Minirows": {nine},
		"Learning": {learn},
	} {
		off, ok := every()[name]
		require.True(t, ok, name)
		for i, run := range family {
			wantFound, wantNodes := run(Off{})
			found, nodes := run(off)
			require.Equal(t, wantFound, found, "%s, search %d", name, i)
			require.NotEqual(t, wantNodes, nodes, "%s, search %d", name, i)
			t.Logf("%s, search %d: %d nodes, %d with every pruning", name, i, nodes, wantNodes)
		}
	}
}
