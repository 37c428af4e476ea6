package dfs_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/chaptertest"
	"github.com/puzzlesat/puzzlesat/kinds/sticks"
	"github.com/puzzlesat/puzzlesat/kinds/sticks/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/sticks/gen"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/trace"
)

// sticksChapterMost bounds the calls of one block that the tests pin, in
// the chapter's program and so in the Go search: the blocks past it with
// some cut off (hard_454 takes 63 million calls with every cut on) are
// left out of that run.
const sticksChapterMost = 50_000

// TestSticksChapterSample pins the first block of the sample by hand:
// the listing's 14 calls, 36 with cut 2 off.
func TestSticksChapterSample(t *testing.T) {
	ps := dfs.SticksChapterPrunings()
	p := sticks.Instance{Pieces: []int{5, 2, 1, 5, 2, 1, 5, 2, 1}}
	for _, tc := range []struct {
		spec  string
		nodes int64
		cuts  []int64 // 1, 2, 3.1, 3.2, 3.3, 3.4
	}{
		{"chapter", 14, []int64{1, 9, 0, 0, 0, 0}},
		{"chapter,-2", 36, []int64{1, 0, 7, 16, 3, 3}},
		{"chapter,-1", 34, []int64{0, 23, 2, 5, 6, 2}},
	} {
		a, st, err := dfs.SticksChapter(context.Background(), p, search.Run{Prunings: chaptertest.Set(t, ps, tc.spec), CountCuts: true})
		require.NoError(t, err)
		require.Equal(t, 6, a.Length, tc.spec)
		require.NoError(t, p.Verify(a))
		require.Equal(t, tc.nodes, st.Nodes, tc.spec)
		require.Equal(t, tc.cuts, st.Cuts, tc.spec)
	}
}

// TestSticksChapterJudge pins the search against the chapter's program on
// the judge's blocks, every cut on and each off in turn.
func TestSticksChapterJudge(t *testing.T) {
	prog := chaptertest.Program(t, filepath.Join("..", "testdata", "chapter.cpp"))
	var blocks []sticks.Instance
	for _, f := range []string{"sample.in", "cerc1995_sticks.in", "folklore_comment2.in", "folklore_pkuoj_comment.in"} {
		text, err := os.ReadFile(filepath.Join("..", "testdata", f))
		require.NoError(t, err)
		bs, err := sticks.Parse(f, bytes.NewReader(text))
		require.NoError(t, err)
		blocks = append(blocks, bs...)
	}
	checkSticksChapter(t, prog, blocks)
}

// TestSticksChapterRandom pins it on random blocks of the kind's
// generator, small enough for every cut off in turn.
func TestSticksChapterRandom(t *testing.T) {
	prog := chaptertest.Program(t, filepath.Join("..", "testdata", "chapter.cpp"))
	rng := rand.New(rand.NewPCG(167, 1011))
	var blocks []sticks.Instance
	for range 300 {
		p := gen.Random(rng, 2+rng.IntN(5), 4+rng.IntN(30))
		if len(p.Pieces) <= 20 {
			blocks = append(blocks, p)
		}
	}
	checkSticksChapter(t, prog, blocks)
}

// checkSticksChapter runs the program and the search on blocks with every
// cut on and each off in turn, and requires the same lengths, calls and
// counts, and answers that pass Verify.
func checkSticksChapter(t *testing.T, prog string, blocks []sticks.Instance) {
	ps := dfs.SticksChapterPrunings()
	input := chaptertest.Join(blocks)
	args, specs := chaptertest.Offs(ps)
	runs := make([][]chaptertest.Counts, len(specs))
	for c, spec := range specs {
		want := chaptertest.Run(t, prog, input, args[c], sticksChapterMost, 0)
		runs[c] = want
		require.Len(t, want, len(blocks), spec)
		on := chaptertest.Set(t, ps, spec)
		pinned := 0
		for i, p := range blocks {
			if want[i].Over {
				continue
			}
			pinned++
			what := fmt.Sprintf("%s, block %d %v", spec, i+1, p.Pieces)
			a, st, err := dfs.SticksChapter(context.Background(), p, search.Run{Prunings: on, CountCuts: true})
			require.NoError(t, err, what)
			require.NoError(t, p.Verify(a), what)
			require.Equal(t, want[i].Answer, strconv.Itoa(a.Length), what)
			chaptertest.RequireCounts(t, ps, want[i], st, what)
		}
		t.Logf("%s: %d of %d blocks pinned", spec, pinned, len(blocks))
		require.Greater(t, pinned, len(blocks)/3, spec)
	}
	chaptertest.RequireZeroRemovesNothing(t, ps, runs)
}

// TestSticksChapterStops: a search under a done context stops with its
// error.
func TestSticksChapterStops(t *testing.T) {
	p := sticks.Instance{Pieces: []int{5, 2, 1, 5, 2, 1, 5, 2, 1}}
	_, _, err := dfs.SticksChapter(chaptertest.Cancelled(), p, search.Run{Prunings: chaptertest.Set(t, dfs.SticksChapterPrunings(), "chapter"), CountCuts: true})
	require.ErrorIs(t, err, context.Canceled)
}

// TestSticksChapterTrace: the traced search draws a decision per call and
// says what each cut removed.
func TestSticksChapterTrace(t *testing.T) {
	ps := dfs.SticksChapterPrunings()
	p := sticks.Instance{Pieces: []int{5, 2, 1, 5, 2, 1, 5, 2, 1}}
	rec := trace.NewRecorder(1<<20, "sample")
	_, st, err := dfs.SticksChapter(context.Background(), p, search.Run{Prunings: chaptertest.Set(t, ps, "chapter,-2"), Sink: rec})
	require.NoError(t, err)
	tree := rec.Tree(ps, []bool{true, false, true, true, true, true}, st.Cuts)
	var decisions int64
	labels := map[string]bool{}
	for _, n := range tree.Nodes[1:] {
		if n.Leaf() {
			labels[n.Label] = true
		} else {
			decisions++
		}
	}
	require.Equal(t, st.Nodes, decisions)
	for i, pc := range tree.Prunings {
		require.Equal(t, st.Cuts[i], pc.Drawn, pc.Name)
	}
	require.True(t, labels["L=5: 24 is not a multiple of 5"], "%v", labels)
	require.True(t, labels["2 more pieces of length 2"] && labels["1 more piece of length 1"], "%v", labels)
}
