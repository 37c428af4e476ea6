package main

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/kindtest"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/technique"
)

// TestChapterStats: --dfs=chapter --stats prints the calls of the
// chapter's program as nodes (14 on the first sticks block, 36 without
// cut 2), and the cuts by name; a cut is named by its number too. For
// every kind with the chapter's search, on its sample, with every cut on
// and with the first off, the command prints the answer and the counters
// that the library counts (each kind's dfs tests pin them).
func TestChapterStats(t *testing.T) {
	for _, tc := range []struct {
		kind, dfs, want string
	}{
		{"sticks", "chapter", "case 1: dfs "},
		{"sticks", "chapter", " nodes=14 cuts=divisors:1,longest-first:9,index-order:0,equal-skip:0,first-piece:0,last-piece:0\n"},
		{"sticks", "chapter,-2", " nodes=36 cuts=divisors:1,index-order:7,equal-skip:16,first-piece:3,last-piece:3\n"},
		{"sticks", "chapter,-longest-first", " nodes=36 "},
	} {
		sample := judgedata.Path(t, tc.kind, "sample.in")
		out, errs, code := cli(t, "", "solve", tc.kind, "--dfs="+tc.dfs, "--stats=all", sample)
		require.Equal(t, exitOK, code, errs)
		require.Equal(t, readFile(t, judgedata.Path(t, tc.kind, "sample.out")), out)
		require.Contains(t, errs, tc.want, tc.dfs)
	}
	chapters := 0
	for _, k := range puzzlesat.Kinds() {
		ss := k.Searches()
		if len(ss) < 2 || ss[1].Name != technique.Chapter {
			continue
		}
		chapters++
		sample := judgedata.Path(t, k.Name(), "sample.in")
		p := kindtest.FirstInstance(t, k, sample)
		for _, dfs := range []string{"chapter", "chapter,-" + ss[1].Prunings[0].Name} {
			_, st, err := k.Solve(context.Background(), p, puzzlesat.Options{Prunings: dfs, CountCuts: true})
			require.NoError(t, err)
			_, counters, _ := strings.Cut(strings.SplitN(fmt.Sprintf("%+v", st), " ", 2)[1], " ") // without the time
			_, errs, code := cli(t, "", "solve", k.Name(), "--dfs="+dfs, "--stats=all", sample)
			require.Equal(t, exitOK, code, errs)
			require.Contains(t, errs, "case 1: dfs ", "%s %s", k.Name(), dfs)
			require.Contains(t, errs, " "+counters+"\n", "%s %s", k.Name(), dfs)
			require.True(t, strings.HasPrefix(counters, "nodes="), counters)
		}
	}
	require.Positive(t, chapters, "kinds with the chapter's search")
	_, errs, code := cli(t, "", "count", "sudoku", "--dfs=chapter", judgedata.Path(t, "sudoku", "sample.in"))
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, "count is not defined for the chapter search of sudoku")
	_, errs, code = cli(t, "", "solve", "queens", "--dfs=chapter", judgedata.Path(t, "queens", "sample.in"))
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, "preset chapter: the chapter has no program for this kind; want all or none")
	_, errs, code = cli(t, "", "solve", "sticks", "--dfs=chapter,-3.5", judgedata.Path(t, "sticks", "sample.in"))
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, `unknown pruning "3.5": want one of divisors, longest-first, index-order, equal-skip, first-piece, last-piece (or its number in the chapter: 1, 2, 3.1, 3.2, 3.3, 3.4)`)
}

// TestChapterPrunings: prunings lists the chapter's search after the
// kind's own, with its numbers, and the presets; the JSON names each
// pruning's search.
func TestChapterPrunings(t *testing.T) {
	out, errs, code := cli(t, "", "prunings", "sticks")
	require.Equal(t, exitOK, code, errs)
	own := strings.Index(out, "\nmemo ")
	chapter := strings.Index(out, "the chapter's search, --dfs=chapter: ")
	require.Positive(t, own)
	require.Greater(t, chapter, own)
	require.Regexp(t, `(?m)^first-piece +redundancy +3\.3 +on$`, out[chapter:])
	require.Contains(t, out, "\npresets, first in --dfs (--dfs=none,+NAME):\n  all: ")
	require.Contains(t, out, "\n  chapter: the chapter's own program")
	out, errs, code = cli(t, "", "prunings", "cake", "--json")
	require.Equal(t, exitOK, code, errs)
	var ps []struct {
		Name, Search, Chapter string
	}
	require.NoError(t, json.Unmarshal([]byte(out), &ps))
	var numbers []string
	for _, p := range ps {
		if p.Search == "chapter" {
			numbers = append(numbers, p.Chapter+" "+p.Name)
		}
	}
	require.Equal(t, []string{"1 large-first", "2 layer-limits", "3 volume-bound", "4 least-area", "5 area-bound"}, numbers)
	out, _, _ = cli(t, "", "prunings", "queens")
	require.NotContains(t, out, "--dfs=chapter")
}

// TestChapterAblateAndTrace: compare --ablate --dfs=chapter switches off
// the chapter's cuts in turn, and trace --dfs=chapter draws the chapter's
// tree, a decision per call.
func TestChapterAblateAndTrace(t *testing.T) {
	sample := judgedata.Path(t, "sticks", "sample.in")
	out, errs, code := cli(t, "", "compare", "sticks", "--ablate", "--backends=dfs", "--dfs=chapter", sample)
	require.Equal(t, exitOK, code, errs)
	for _, row := range []string{"dfs:-divisors ", "dfs:-longest-first ", "dfs:-index-order ", "dfs:-equal-skip ", "dfs:-first-piece ", "dfs:-last-piece "} {
		require.Contains(t, out, row)
	}
	require.Regexp(t, `(?m)^\S+sample\.in +1 +9 dfs:-longest-first +36 `, out)
	require.Regexp(t, `(?m)^dfs:-first-piece +redundancy +3\.3 `, out)
	require.NotContains(t, out, "dfs:-memo")

	js := filepath.Join(t.TempDir(), "tree.json")
	_, errs, code = cli(t, "", "trace", "sticks", "--dfs=chapter,-3.2", "-o", js, sample)
	require.Equal(t, exitOK, code, errs)
	var tree struct {
		Options string
		Nodes   []struct {
			Label, Pruning string
		}
	}
	require.NoError(t, json.Unmarshal([]byte(readFile(t, js)), &tree))
	require.Equal(t, "chapter,-equal-skip", tree.Options)
	decisions := 0
	for _, n := range tree.Nodes[1:] {
		if n.Pruning == "" {
			decisions++
		}
	}
	require.Equal(t, 14, decisions, "the listing's 14 calls")
	require.Equal(t, "L=5: 24 is not a multiple of 5", tree.Nodes[1].Label)
}
