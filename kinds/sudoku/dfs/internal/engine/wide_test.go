package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/poll"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/internal/ref/sudokuref"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// TestSudokuWideCounts runs the wide search, which the command uses from
// 64x64 up, on small grids against the other searches: the same number
// of answers (up to 50) on random partial grids, some with givens that
// clash, each answer valid. Counting runs the search without restarts.
func TestSudokuWideCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, box := range []int{2, 3, 4} {
		side := box * box
		for trial := range 40 {
			full := sudokuref.Shuffled(rng, box)
			p := sudoku.Instance{Box: box, Cells: make([]int16, side*side)}
			for _, i := range rng.Perm(side * side)[:side*side*(2+trial%3)/8] {
				p.Cells[i] = full[i]
				if trial%5 == 0 && rng.IntN(6) == 0 {
					p.Cells[i] = int16(rng.IntN(side) + 1)
				}
			}
			wide := runWide[trace.Counted](context.Background(), p, 50, 1<<62, AllOn, nil)
			other := runSmall[trace.Counted](context.Background(), p, 50, 1<<62, AllOn, nil)
			require.NoError(t, wide.Err)
			require.Equal(t, other.Found, wide.Found, "box %d trial %d", box, trial)
			if wide.Found > 0 {
				require.NoError(t, p.Verify(sudoku.Answer{Cells: wide.Answer}))
			}
			one := runWide[trace.Counted](context.Background(), p, 1, 1<<62, AllOn, nil)
			require.Equal(t, min(other.Found, 1), one.Found, "solving with restarts")
		}
	}
}

// TestSudokuWideStops: a deadline and a node budget stop the wide search
// on an empty 100x100 grid, which it fills by search only.
func TestSudokuWideStops(t *testing.T) {
	p := sudoku.Instance{Box: 10, Cells: make([]int16, 100*100)}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	r := runWide[trace.Counted](ctx, p, 2, 1<<62, AllOn, nil)
	require.ErrorIs(t, r.Err, context.DeadlineExceeded)
	require.Less(t, time.Since(start), time.Second)
	r = runWide[trace.Counted](context.Background(), p, 2, 10, AllOn, nil)
	require.ErrorIs(t, r.Err, ErrNodeLimit)
	require.Equal(t, int64(10), r.Nodes)
}

func TestLuby(t *testing.T) {
	var got []int64
	for i := 1; i <= 15; i++ {
		got = append(got, luby(i))
	}
	require.Equal(t, []int64{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8}, got)
}

// runLearnt solves p with the learning search, which forgets past keep
// nogoods.
func runLearnt(p sudoku.Instance, keep int) Result {
	s := newWide[trace.Counted](context.Background(), p.Box, 1, 1<<62, AllOn, nil)
	s.learn = newLearner(s)
	s.learn.keep = keep
	if s.start(p.Cells) {
		s.searchLearnt()
	}
	return Result{s.found, s.answer, s.nodes, s.err, nil}
}

// TestSudokuLearnt checks the learning search (solving, boxes up to 15)
// against the look-ahead search on grids that need search: full grids with
// most cells blanked, and the same with one given changed, which leaves
// no answer more often than not and fails deep rather than at the root.
// Every answer must pass Verify, and no failure may lack a reason. A
// third of the runs forget nogoods past 16, so that forgetting and
// watching afresh run too.
func TestSudokuLearnt(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, box := range []int{2, 3, 4, 5} {
		side := box * box
		trials := 300
		if box == 5 {
			trials = 40
		}
		for trial := range trials {
			full := sudokuref.Shuffled(rng, box)
			p := sudoku.Instance{Box: box, Cells: make([]int16, side*side)}
			keep := side * side * (20 + rng.IntN(25)) / 100
			for _, i := range rng.Perm(side * side)[:keep] {
				p.Cells[i] = full[i]
			}
			if trial%2 == 1 {
				for i := range p.Cells {
					if p.Cells[i] != 0 {
						p.Cells[i] = int16((int(p.Cells[i])+rng.IntN(side-1))%side + 1)
						break
					}
				}
			}
			got := runLearnt(p, 16+trial%3*1000)
			require.NoError(t, got.Err, "box %d trial %d", box, trial)
			want := runSmall[trace.Counted](context.Background(), p, 1, 1<<62, AllOn, nil)
			require.Equal(t, want.Found, got.Found, "box %d trial %d", box, trial)
			if got.Found > 0 {
				require.NoError(t, p.Verify(sudoku.Answer{Cells: got.Answer}))
			}
		}
	}
}

// TestSudokuLearntLarge: a 64x64 grid with 38% blanks (hundreds of
// failures and a restart) solved by the learning search, and through
// runWide, whose plain search may solve it first; both verified.
func TestSudokuLearntLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(64, 38))
	full := sudokuref.Shuffled(rng, 8)
	p := sudoku.Instance{Box: 8, Cells: slices.Clone(full)}
	for _, i := range rng.Perm(len(full))[:len(full)*38/100] {
		p.Cells[i] = 0
	}
	for _, got := range []Result{runLearnt(p, learnKeep), runWide[trace.Counted](context.Background(), p, 1, 1<<62, AllOn, nil)} {
		require.NoError(t, got.Err)
		require.Equal(t, 1, got.Found)
		require.NoError(t, p.Verify(sudoku.Answer{Cells: got.Answer}))
	}
}

// TestWideStopsWhileStarting: setting up a blank 400x400 (64 million
// candidates) looks at the context as it goes, so a deadline that falls
// in it is met, where without a look it ran to its end.
func TestWideStopsWhileStarting(t *testing.T) {
	cells := make([]int16, 400*400)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	r := runWide[trace.Counted](ctx, sudoku.Instance{Box: 20, Cells: cells}, 1, 1<<62, AllOn, nil)
	t.Logf("stopped after %v", time.Since(start))
	require.ErrorIs(t, r.Err, context.DeadlineExceeded)
	require.Less(t, time.Since(start), time.Second)
}

// TestWideTraceNodes traces the wide search, plain with its restarts
// and, past a few failures, learning: its nodes are the decisions drawn,
// and every cut it counts is drawn, on grids of 16x16 and 25x25 that
// fail now and then.
func TestWideTraceNodes(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 37))
	learnt := 0
	for trial := range 40 {
		box := 4 + trial%2
		side := box * box
		full := sudokuref.Shuffled(rng, box)
		p := sudoku.Instance{Box: box, Cells: slices.Clone(full)}
		for _, i := range rng.Perm(side * side)[:side*side*(50+rng.IntN(20))/100] {
			p.Cells[i] = 0
		}
		rec := trace.NewRecorder(1<<22, "grid")
		got := runWideAfter[trace.Counted](context.Background(), p, 1, 1<<62, AllOn, rec, 3)
		require.NoError(t, got.Err, "trial %d", trial)
		on := make([]bool, NumCuts)
		for i := range on {
			on[i] = true
		}
		ps := make([]technique.Pruning, NumCuts)
		for i := range ps {
			ps[i] = technique.Pruning{Name: fmt.Sprint(i)}
		}
		tree := rec.Tree(ps, on, got.Cuts)
		require.True(t, tree.Complete(), "trial %d", trial)
		require.Equal(t, got.Nodes, tree.Decisions, "trial %d", trial)
		for _, pc := range tree.Prunings {
			require.Equal(t, pc.Run, pc.Drawn, "trial %d: cut %s", trial, pc.Name)
		}
		if got.Cuts[CutLearning] > 0 {
			learnt++
		}
	}
	require.Positive(t, learnt, "no grid reached the learning search")
}

// TestWideUndoStops (issue 40 items 4 and 5): the undo of a long trail, a
// restart's at 400x400 seconds of work, looks at the context as a
// placement does: cancelled, it stops within poll.Every entries of the
// look, leaving the search to end, counted in entries, not time.
func TestWideUndoStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	s := newWide[trace.Counted](ctx, 5, 1, 1<<62, AllOn, nil)
	blank := make([]int16, 625)
	require.True(t, s.start(blank))
	for c := 0; len(s.trail) < 5*poll.Every; c++ {
		if s.open[c%s.n] && s.count[c%s.n] > 1 {
			s.remove(c%s.n, s.firstCand(c%s.n))
		}
	}
	cancel()
	n := len(s.trail)
	s.undo(0)
	require.ErrorIs(t, s.err, context.Canceled)
	require.Greater(t, len(s.trail), n-2*poll.Every, "stopped within the next look")
}
