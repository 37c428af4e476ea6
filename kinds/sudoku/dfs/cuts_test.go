package dfs_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/dfs"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
)

// sudokuGrid reads a grid of digits, 0 for a blank, row after row.
func sudokuGrid(box int, rows string) sudoku.Instance {
	p := sudoku.Instance{Box: box}
	for _, r := range rows {
		if r >= '0' && r <= '9' {
			p.Cells = append(p.Cells, int16(r-'0'))
		}
	}
	return p
}

// Two small grids whose work can be followed by hand.
var (
	// nineOneBlank is a solved grid without its first digit, a 5.
	nineOneBlank = sudokuGrid(3, `
		034678912 672195348 198342567 859761423 426853791
		713924856 961537284 287419635 345286179`)
	// fourOneBlank is a solved 4x4 grid without its first digit, a 1.
	fourOneBlank = sudokuGrid(2, "0234 3412 2143 4321")
	// fourTwoAnswers leaves blank the corners of a rectangle that may
	// hold 1 and 3 either way: r1c1, r1c3, r2c1, r2c3.
	fourTwoAnswers = sudokuGrid(2, "0204 0402 2143 4321")
	// nineTwoAnswers is nineOneBlank's answer with the corners of a
	// rectangle blank that may hold 4 and 8 either way: r2c8, r2c9, r7c8,
	// r7c9.
	nineTwoAnswers = sudokuGrid(3, `
		534678912 672195300 198342567 859761423 426853791
		713924856 961537200 287419635 345286179`)
)

// sudokuSet resolves a switch list of the sudoku prunings.
func sudokuSet(t *testing.T, spec string) technique.Set {
	t.Helper()
	on, _, err := technique.ResolvePrunings(dfs.Prunings(), spec)
	require.NoError(t, err)
	return on
}

// sudokuCuts names the nonzero counts of st.
func sudokuCuts(st search.Stats) map[string]int64 {
	out := map[string]int64{}
	for i, p := range dfs.Prunings() {
		if i < len(st.Cuts) && st.Cuts[i] != 0 {
			out[p.Name] = st.Cuts[i]
		}
	}
	return out
}

// TestSudokuCuts pins the counts on grids small enough to follow.
//
// nineOneBlank: every digit word of the 9x9 bitboards is analysed once;
// only the 5s of the first band have a free cell, r1c1, the one place
// left to 5 in row 1: one cell filled by a hidden single, before the
// naked singles look. That holds for the solve's walk and for the count's
// permutation search alike; with hidden singles off, the count's search
// fills r1c1 as a naked single instead (its only candidate), while the
// solve's walk, whose fixed rules (the order that defines the answer)
// place hidden singles all the same, counts nothing of its own rules
// once one of them is off: a pruning off counts 0.
//
// The 9x9 nodes are the decisions, the root being none: nineOneBlank
// takes none. nineTwoAnswers leaves every blank two digits, and each
// band's 4s and 8s one permutation, so no rule fills a cell: a solve's
// walk asks about 4 in r2c8, the first cell with two digits, which the
// three other corners follow as hidden singles (one decision, 3 cells);
// a count branches on that cell, by fewest-first, for 4 and then 8
// (two decisions, 6 cells).
//
// fourOneBlank: the 4x4 search queues the naked single of r1c1 first,
// then the hidden singles of 1 in its row, column and box, and takes the
// queue from its end: the box's hidden single fills the cell, and the
// three other entries find it filled. With hidden singles off the naked
// single fills it.
//
// fourTwoAnswers: no cell or unit symbol is down to one option, and
// box-line finds nothing to remove (the 1s and 3s of each box already
// lie in its two blank cells); so the search branches once, on r1c1
// (fewest options, two, the first of the ties), and in each branch the
// three other blanks are filled by singles: six cells, split between
// naked and hidden singles by the order of the queue.
func TestSudokuCuts(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name  string
		p     sudoku.Instance
		count bool
		off   string
		want  map[string]int64
	}{
		{"9x9 solve", nineOneBlank, false, "", map[string]int64{"hidden-singles": 1}},
		{"9x9 count", nineOneBlank, true, "", map[string]int64{"hidden-singles": 1}},
		{"9x9 solve -hidden", nineOneBlank, false, "-hidden-singles", map[string]int64{}},
		{"9x9 count -hidden", nineOneBlank, true, "-hidden-singles", map[string]int64{"naked-singles": 1}},
		{"4x4 solve", fourOneBlank, false, "", map[string]int64{"hidden-singles": 1}},
		{"4x4 count -hidden", fourOneBlank, true, "-hidden-singles", map[string]int64{"naked-singles": 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			on := sudokuSet(t, tc.off)
			var st search.Stats
			var err error
			if tc.count {
				var n int
				n, st, err = dfs.Count(ctx, tc.p, 2, search.Run{Prunings: on, CountCuts: true})
				require.Equal(t, 1, n)
			} else {
				_, st, err = dfs.Solve(ctx, tc.p, search.Run{Prunings: on, CountCuts: true})
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, sudokuCuts(st))
		})
	}
	for _, tc := range []struct {
		name  string
		p     sudoku.Instance
		count bool
		nodes int64
		want  map[string]int64
	}{
		{"one blank, solve", nineOneBlank, false, 0, map[string]int64{"hidden-singles": 1}},
		{"one blank, count", nineOneBlank, true, 0, map[string]int64{"hidden-singles": 1}},
		{"two answers, solve", nineTwoAnswers, false, 1, map[string]int64{"hidden-singles": 3}},
		{"two answers, count", nineTwoAnswers, true, 2, map[string]int64{"fewest-first": 1, "hidden-singles": 6}},
	} {
		var st search.Stats
		if tc.count {
			n, s, err := dfs.Count(ctx, tc.p, 0, search.Run{CountCuts: true})
			require.NoError(t, err)
			require.Equal(t, 1+btoi(tc.p.Cells[16] == 0), n, tc.name)
			st = s
		} else {
			a, s, err := dfs.Solve(ctx, tc.p, search.Run{CountCuts: true})
			require.NoError(t, err)
			require.Equal(t, int16(5), a.Cells[0], tc.name)
			require.Equal(t, int16(4), a.Cells[16], tc.name, "the order tries 4 first")
			st = s
		}
		require.Equal(t, tc.nodes, st.Nodes, tc.name)
		require.Equal(t, tc.want, sudokuCuts(st), tc.name)
	}
	n, st, err := dfs.Count(ctx, fourTwoAnswers, 0, search.Run{CountCuts: true})
	require.NoError(t, err)
	require.Equal(t, 2, n)
	cuts := sudokuCuts(st)
	require.Equal(t, int64(6), cuts["naked-singles"]+cuts["hidden-singles"], "%v", cuts)
	delete(cuts, "naked-singles")
	delete(cuts, "hidden-singles")
	require.Equal(t, map[string]int64{"fewest-first": 1}, cuts)
}

// sudokuCutCases are grids of each family the judge data reaches: the
// small grids, the first of top95, and the 16x16 sample.
func sudokuCutCases(t *testing.T) []sudoku.Instance {
	ps := []sudoku.Instance{nineOneBlank, fourOneBlank, fourTwoAnswers}
	ps = append(ps, readSudokus(t, judgedata.Path(t, "sudoku", "top95.txt"))[:3]...)
	return append(ps, readSudokus(t, judgedata.Path(t, "sudoku", "sample.in"))...)
}

// TestSudokuPruningsIndexed switches each pruning off alone: its count is
// then 0, in a solve and in a count, and the answers and counts stay
// what they were; every run gives the same counts twice.
func TestSudokuPruningsIndexed(t *testing.T) {
	ctx := context.Background()
	ps := sudokuCutCases(t)
	for i, pr := range dfs.Prunings() {
		on := sudokuSet(t, "-"+pr.Name)
		for j, p := range ps {
			a, st, err := dfs.Solve(ctx, p, search.Run{Prunings: on, CountCuts: true})
			require.NoError(t, err, "%s grid %d", pr.Name, j)
			require.NoError(t, p.Verify(a))
			require.Len(t, st.Cuts, len(dfs.Prunings()))
			require.Zero(t, st.Cuts[i], "%s grid %d", pr.Name, j)
			_, again, err := dfs.Solve(ctx, p, search.Run{Prunings: on, CountCuts: true})
			require.NoError(t, err)
			require.Equal(t, st, again, "%s grid %d", pr.Name, j)

			n, st, err := dfs.Count(ctx, p, 2, search.Run{Prunings: on, CountCuts: true})
			require.NoError(t, err)
			want, _, err := dfs.Count(ctx, p, 2, search.Run{CountCuts: true})
			require.NoError(t, err)
			require.Equal(t, want, n, "%s grid %d", pr.Name, j)
			require.Zero(t, st.Cuts[i], "%s grid %d", pr.Name, j)
		}
	}
}

// TestSudokuNineIdle: on 9x9 box-line, look-ahead and learning never act,
// so that their rows read "no effect here".
func TestSudokuNineIdle(t *testing.T) {
	ctx := context.Background()
	ps := readSudokus(t, judgedata.Path(t, "sudoku", "top95.txt"))[:10]
	for j, p := range ps {
		for _, count := range []bool{false, true} {
			var st search.Stats
			var err error
			if count {
				_, st, err = dfs.Count(ctx, p, 2, search.Run{CountCuts: true})
			} else {
				_, st, err = dfs.Solve(ctx, p, search.Run{CountCuts: true})
			}
			require.NoError(t, err)
			cuts := sudokuCuts(st)
			for _, name := range []string{"box-line", "look-ahead", "learning"} {
				require.Zero(t, cuts[name], "grid %d %s", j, name)
			}
			require.NotZero(t, cuts["hidden-singles"]+cuts["naked-singles"], "grid %d", j)
		}
	}
}

// btoi is 1 for true.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
