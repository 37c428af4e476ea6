// Package chaptertest pins a search that follows the chapter on pruning
// against an instrumented copy of the chapter's program: it builds the
// copy (C++, under the kind's testdata), runs it with cuts switched off,
// and compares the calls and the cuts' counts with the Go search's.
package chaptertest

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
)

// The chapter's searches are pinned against instrumented copies of the
// chapter's programs, testdata/KIND/chapter.cpp: built here when a C++
// compiler is present, they print each instance's answer, the calls of
// their dfs and each cut's count, which the Go search must equal with
// every cut on and with each cut off in turn.

// Program builds the chapter's program at src (a kind's
// testdata/chapter.cpp) and returns the program's path; the test is
// skipped without a C++ compiler.
func Program(t *testing.T, src string) string {
	t.Helper()
	cxx, err := exec.LookPath("g++")
	if err != nil {
		if cxx, err = exec.LookPath("c++"); err != nil {
			t.Skip("no C++ compiler to build the chapter's program")
		}
	}
	bin := filepath.Join(t.TempDir(), "chapter")
	out, err := exec.Command(cxx, "-O2", "-o", bin, src).CombinedOutput()
	require.NoError(t, err, "%s", out)
	return bin
}

// Counts is what the chapter's program printed for one instance:
// its answer, the calls of its dfs and each cut's count, by the cut's
// number; over when it gave up past its most calls.
type Counts struct {
	Answer string
	Nodes  int64
	Cuts   map[string]int64
	Over   bool
}

// Run runs the chapter's program prog on input with the cuts off
// switched off ("-3.3"), giving up an instance past most calls, and
// returns what it printed for each instance; lines, when above 0, is the
// number of lines of an answer before the line of counts, which then holds
// no answer of its own.
func Run(t *testing.T, prog, input string, off []string, most int64, lines int) []Counts {
	t.Helper()
	cmd := exec.Command(prog, append([]string{fmt.Sprintf("max=%d", most)}, off...)...)
	cmd.Stdin = strings.NewReader(input)
	out, err := cmd.Output()
	require.NoError(t, err, "%s %v", prog, off)
	var all []Counts
	var answer []string
	for _, line := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
		if lines > 0 && len(answer) < lines {
			answer = append(answer, line)
			continue
		}
		f := strings.Fields(line)
		c := Counts{Cuts: map[string]int64{}}
		if lines == 0 {
			c.Answer, f = f[0], f[1:]
		} else {
			c.Answer, answer = strings.Join(answer, "\n"), nil
		}
		if c.Over = c.Answer == "over" || f[0] == "over"; f[0] == "over" {
			f = f[1:]
		}
		for _, kv := range f {
			k, v, ok := strings.Cut(kv, "=")
			require.True(t, ok, "%q", line)
			n, err := strconv.ParseInt(v, 10, 64)
			require.NoError(t, err, "%q", line)
			if k == "nodes" {
				c.Nodes = n
			} else {
				c.Cuts[k] = n
			}
		}
		all = append(all, c)
	}
	return all
}

// Offs returns the switches of every run the tests pin: every cut
// on, then each cut off in turn, as the chapter's program takes them
// ("-3.3") and as technique resolves them ("chapter,-3.3").
func Offs(ps []technique.Pruning) (args [][]string, specs []string) {
	args, specs = [][]string{nil}, []string{technique.Chapter}
	for _, p := range ps {
		args = append(args, []string{"-" + p.Chapter})
		specs = append(specs, technique.Chapter+",-"+p.Chapter)
	}
	return args, specs
}

// Set resolves spec, which starts with the preset chapter, against
// ps.
func Set(t testing.TB, ps []technique.Pruning, spec string) technique.Set {
	t.Helper()
	on, _, err := technique.Searches{Chapter: ps}.Resolve(spec)
	require.NoError(t, err, spec)
	require.True(t, on.Chapter(), spec)
	return on
}

// RequireCounts checks the Go search's stats against the
// program's counts: the same calls, and the same count for every cut,
// 0 for the one switched off.
func RequireCounts(t *testing.T, ps []technique.Pruning, want Counts, st search.Stats, what string) {
	t.Helper()
	require.Equal(t, want.Nodes, st.Nodes, "%s: nodes", what)
	require.Len(t, st.Cuts, len(ps), what)
	for i, p := range ps {
		c, ok := want.Cuts[p.Chapter]
		require.True(t, ok, "%s: the program prints no cut %s", what, p.Chapter)
		require.Equal(t, c, st.Cuts[i], "%s: cut %s (%s)", what, p.Chapter, p.Name)
	}
}

// RequireZeroRemovesNothing checks, on the program's runs (every cut on
// first, then each of ps off in turn), that a cut which counted 0 on an
// instance removed nothing there: with it off the calls are the same. An
// order rule ends nothing and counts the choices it made instead.
func RequireZeroRemovesNothing(t *testing.T, ps []technique.Pruning, runs [][]Counts) {
	t.Helper()
	for k, p := range ps {
		if p.Category == technique.Order {
			continue
		}
		for i, all := range runs[0] {
			off := runs[k+1][i]
			if all.Over || off.Over || all.Cuts[p.Chapter] != 0 {
				continue
			}
			require.Equal(t, all.Nodes, off.Nodes, "instance %d: cut %s counted 0 but saves calls", i+1, p.Chapter)
		}
	}
}

// Cancelled is a context already cancelled.
func Cancelled() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}

// Join joins the judge-format texts of Join.
func Join[P fmt.Stringer](ps []P) string {
	var b strings.Builder
	for _, p := range ps {
		b.WriteString(p.String())
		if !strings.HasSuffix(b.String(), "\n") {
			b.WriteByte('\n')
		}
	}
	return b.String()
}
