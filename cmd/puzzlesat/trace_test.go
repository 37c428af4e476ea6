package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kind"
)

func TestTraceCommand(t *testing.T) {
	in := judgedata.Path(t, "sticks", "sample.in")
	dir := t.TempDir()
	tests := []struct {
		name string
		args []string
		code int
		errs string // a part of stderr
	}{
		{"svg", []string{"-o", filepath.Join(dir, "t.svg")}, exitOK, ""},
		{"dot", []string{"-o", filepath.Join(dir, "t.dot"), "--case=2"}, exitOK, ""},
		{"json", []string{"-o", filepath.Join(dir, "t.json"), "--dfs=-equal-skip"}, exitOK, ""},
		{"no output", nil, exitUsage, "trace needs -o PATH"},
		{"bad extension", []string{"-o", filepath.Join(dir, "t.png")}, exitUsage, "want a file ending in .svg, .dot or .json"},
		{"bad case", []string{"-o", filepath.Join(dir, "c.svg"), "--case=3"}, exitUsage, "has 2 instances"},
		{"bad nodes", []string{"-o", filepath.Join(dir, "n.svg"), "--nodes=0"}, exitUsage, "--nodes must be in 1..1048576"},
		{"nodes past the cap", []string{"-o", filepath.Join(dir, "n.svg"), "--nodes=3000000"}, exitUsage, "--nodes must be in 1..1048576"},
		{"no folder", []string{"-o", filepath.Join(dir, "nodir", "x.svg")}, exitUsage, filepath.Join(dir, "nodir", "x.svg") + ": no such file"},
		{"bad pruning", []string{"-o", filepath.Join(dir, "p.svg"), "--dfs=-nothing"}, exitUsage, "unknown pruning"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errs, code := cli(t, "", append([]string{"trace", "sticks", in}, tc.args...)...)
			require.Equal(t, tc.code, code, errs)
			require.Contains(t, errs, tc.errs)
			require.NotContains(t, errs, ".tmp", "the user's path, never the temporary file's")
			if code == exitOK {
				require.Contains(t, out, "wrote ")
				require.Contains(t, out, "first-piece")
			} else {
				require.Empty(t, out)
			}
		})
	}
	var tree struct {
		Options  string `json:"options"`
		Result   string `json:"result"`
		Prunings []struct {
			Name string `json:"name"`
			On   bool   `json:"on"`
		} `json:"prunings"`
	}
	b, err := os.ReadFile(filepath.Join(dir, "t.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &tree))
	require.Equal(t, "-equal-skip", tree.Options)
	require.Equal(t, "6", tree.Result)
	for _, p := range tree.Prunings {
		require.Equal(t, p.Name != "equal-skip", p.On, p.Name)
	}
	require.True(t, strings.HasPrefix(readFile(t, filepath.Join(dir, "t.dot")), "digraph trace {"))
}

// TestTraceExitsAsSolve (issue 40 item 6): trace exits 1 when its search
// timed out or found no solution, with the tree drawn, as solve exits;
// held out: another kind and a cut short at once.
func TestTraceExitsAsSolve(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, kind, in string
		args           []string
		result         string
	}{
		{"timeout", "queens", "28\n", []string{"--timeout=1ns"}, "timeout"},
		{"no solution", "alphametic", "3\nABC\nABC\nAAA\n", nil, "no solution"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name+".json")
			out, errs, code := cli(t, tc.in, append([]string{"trace", tc.kind, "-o", path}, tc.args...)...)
			require.Equal(t, exitFailed, code, errs)
			require.Contains(t, out, "<stdin> case 1: "+tc.result)
			require.Contains(t, readFile(t, path), `"result": "`+tc.result+`"`)
		})
	}
}

// TestStatsCutsAcrossJobs: the cut counts of --stats are the same with
// one job and with two, and from run to run.
func TestStatsCutsAcrossJobs(t *testing.T) {
	in := judgedata.Path(t, "sticks", "cerc1995_sticks_le50.in")
	var first string
	for _, jobs := range []string{"--jobs=1", "--jobs=2", "--jobs=2"} {
		_, errs, code := cli(t, "", "solve", "sticks", "--stats=all", jobs, in)
		require.Equal(t, exitOK, code, errs)
		var cuts []string
		for _, line := range strings.Split(strings.TrimSpace(errs), "\n") {
			i := strings.Index(line, " cuts=")
			require.Positive(t, i, line)
			cuts = append(cuts, line[i:])
		}
		if first == "" {
			first = strings.Join(cuts, "\n")
			continue
		}
		require.Equal(t, first, strings.Join(cuts, "\n"), jobs)
	}
}

// TestTraceNamesTheLab: past 20,000 nodes trace says on stderr that the
// picture will be hard to read, and where to look instead; below, it
// says nothing. Its summary gives the nodes as Stats counts them.
func TestTraceNamesTheLab(t *testing.T) {
	in := judgedata.Path(t, "digit-puzzle", "sample.in")
	k, err := puzzlesat.Lookup("digit-puzzle")
	require.NoError(t, err)
	f, err := os.Open(in)
	require.NoError(t, err)
	defer f.Close()
	ps, err := parseAll(k, in, f)
	require.NoError(t, err)
	dir := t.TempDir()
	for i, lab := range []bool{false, true} {
		out, errs, code := cli(t, "", "trace", "digit-puzzle", fmt.Sprintf("--case=%d", i+1), "-o", filepath.Join(dir, "d.svg"), in)
		require.Equal(t, exitOK, code, errs)
		require.Equal(t, lab, strings.Contains(errs, "`puzzlesat lab`"), errs)
		_, st, err := k.Solve(context.Background(), ps[i], puzzlesat.Options{Backend: puzzlesat.DFS})
		require.NoError(t, err)
		require.Contains(t, out, fmt.Sprintf(" of %d (the decisions, as --stats counts them)", st.Nodes), out)
	}
}

// parseAll returns the instances of r.
func parseAll(k puzzlesat.Kind, name string, r io.Reader) ([]kind.Instance, error) {
	var ps []kind.Instance
	err := k.Scan(name, r, kind.ScanOptions{}, func(p kind.Instance) error {
		ps = append(ps, p)
		return nil
	})
	return ps, err
}
