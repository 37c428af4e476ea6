package main

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/solver"
)

// TestKindsCommand: puzzlesat kinds lists the registry's kinds, a line
// each with its summary, --names their names alone, and --json the same
// with what each can do.
func TestKindsCommand(t *testing.T) {
	out, errs, code := cli(t, "", "kinds")
	require.Equal(t, exitOK, code, errs)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	ks := puzzlesat.Kinds()
	require.Len(t, lines, len(ks))
	for i, k := range ks {
		name, summary, ok := strings.Cut(lines[i], " ")
		require.True(t, ok, lines[i])
		require.Equal(t, k.Name(), name)
		require.Equal(t, k.Summary(), strings.TrimLeft(summary, " "))
	}

	out, errs, code = cli(t, "", "kinds", "--names")
	require.Equal(t, exitOK, code, errs)
	var names []string
	for _, k := range ks {
		names = append(names, k.Name())
	}
	require.Equal(t, strings.Join(names, "\n")+"\n", out)
	_, errs, code = cli(t, "", "kinds", "--names", "--json")
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, "--names or --json")

	out, errs, code = cli(t, "", "kinds", "--json")
	require.Equal(t, exitOK, code, errs)
	var records []struct {
		Name    string `json:"name"`
		Summary string `json:"summary"`
		Count   bool   `json:"count"`
		Optimum bool   `json:"optimum"`
		Bound   string `json:"bound"`
		Grid    bool   `json:"grid"`
		Size    string `json:"size"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &records))
	require.Len(t, records, len(ks))
	for i, k := range ks {
		require.Equal(t, k.Name(), records[i].Name)
		require.Equal(t, k.Summary(), records[i].Summary)
		pk := &puzzleKind{lib: k}
		b, optimum := pk.bound()
		_, grid := k.Kind.(kind.Gridder)
		require.Equal(t, pk.canCount(), records[i].Count)
		require.Equal(t, optimum, records[i].Optimum)
		require.Equal(t, b.Name, records[i].Bound)
		require.Equal(t, grid, records[i].Grid)
		require.Equal(t, pk.sizeName(), records[i].Size)
	}

	_, errs, code = cli(t, "", "kinds", "sudoku")
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, `kinds takes no arguments, got "sudoku"`)
}

// TestVersionNamesTheDefaultSolver: version says which solver the SAT
// backend runs without --solver.
func TestVersionNamesTheDefaultSolver(t *testing.T) {
	out, errs, code := cli(t, "", "version")
	require.Equal(t, exitOK, code, errs)
	require.Contains(t, out, "\ndefault solver: "+solver.Default().Name()+" (")
}

// TestGrid: --grid draws sudoku and queens answers in place of the
// judge's format, and is a flag of the kinds with grids only.
func TestGrid(t *testing.T) {
	out, errs, code := cli(t, "4\n", "solve", "queens", "--grid", "--backend=both")
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, ". Q . .\n. . . Q\nQ . . .\n. . Q .\n\n. . Q .\nQ . . .\n. . . Q\n. Q . .\n\n2\n", out)

	grid := "1234\n3412\n2143\n4321\n"
	puzzle := "1.3.\n3...\n..4.\n4..1\n"
	out, errs, code = cli(t, puzzle, "solve", "sudoku", "--grid")
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n\n", out)
	plain, errs, code := cli(t, puzzle, "solve", "sudoku")
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, grid+"\n", plain)

	for _, k := range kinds() {
		out, errs, code := cli(t, "", "solve", k.name(), "-h")
		require.Equal(t, exitOK, code, errs)
		_, grid := k.lib.Kind.(kind.Gridder)
		require.Equal(t, grid, strings.Contains(out, "-grid"), k.name())
	}
}

// TestOutputFlag: -o PATH takes what would go to stdout, in every
// subcommand, and is written only when that output is complete: an
// instance that failed (exit 1) still writes it; bad input (exit 2)
// leaves the file as it was.
func TestOutputFlag(t *testing.T) {
	for _, c := range commands() {
		out, errs, code := cli(t, "", c.name, "-h")
		require.Equal(t, exitOK, code, errs)
		require.Contains(t, out, "\n  -o PATH\n", c.name)
		require.Contains(t, out, "\n  -output PATH\n", c.name)
	}
	path := writeTemp(t, "out", "old\n")
	out, errs, code := cli(t, "5 ABCED BDACE EBBAA\n5 ABCED BDACE EBBAA\n", "solve", "alphametic", "--backend=sat", "--budget=100", "-o", path)
	require.Equal(t, exitFailed, code, errs)
	require.Empty(t, out)
	require.Equal(t, "too large\ntoo large\n", readFile(t, path))

	require.NoError(t, os.WriteFile(path, []byte("old\n"), 0o644))
	out, errs, code = cli(t, "5 ABCED BDACE EBBAA\n5 ABCED\n", "solve", "alphametic", "-o", path)
	require.Equal(t, exitUsage, code, errs)
	require.Empty(t, out)
	require.Equal(t, "old\n", readFile(t, path))
	require.Len(t, dirNames(t, filepath.Dir(path)), 1, "no temporary file left")

	out, errs, code = cli(t, "8\n", "count", "queens", "-o", "-")
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, ">=2\n", out, "- is stdout")
}

// TestFlagSpellings: one spelling of a flag across subcommands, the old
// ones kept: compare's --backend (was --backends) and the listings'
// --json, bare for stdout or =PATH for a file besides the text, as in
// compare.
func TestFlagSpellings(t *testing.T) {
	sample := judgedata.Path(t, "alphametic", "sample.in")
	for _, flag := range []string{"--backend=dfs", "--backends=dfs"} {
		out, errs, code := cli(t, "", "compare", "alphametic", flag, sample)
		require.Equal(t, exitOK, code, errs)
		require.Contains(t, out, " dfs.nodes ", flag)
		require.NotContains(t, out, " sat ", flag)
	}
	for _, args := range [][]string{{"prunings", "sudoku"}, {"encodings", "sudoku"}, {"kinds"}} {
		text, errs, code := cli(t, "", args...)
		require.Equal(t, exitOK, code, errs)
		js, errs, code := cli(t, "", append(args, "--json")...)
		require.Equal(t, exitOK, code, errs)
		require.True(t, json.Valid([]byte(js)), args)
		path := filepath.Join(t.TempDir(), "x.json")
		both, errs, code := cli(t, "", append(args, "--json="+path)...)
		require.Equal(t, exitOK, code, errs)
		require.Equal(t, text, both, "%v: the text too", args)
		require.Equal(t, js, readFile(t, path), args)
	}
}

// TestPackageDocListsEveryCommand: the command's doc comment, which go
// doc shows, has the usage line of every subcommand, and no other.
func TestPackageDocListsEveryCommand(t *testing.T) {
	src := readFile(t, "main.go")
	doc := src[:strings.Index(src, "\npackage main")]
	var lines []string
	for _, line := range strings.Split(doc, "\n") {
		if rest, ok := strings.CutPrefix(line, "//\tpuzzlesat "); ok {
			lines = append(lines, rest)
		}
	}
	require.Len(t, lines, len(commands()))
	for i, c := range commands() {
		require.True(t, strings.HasPrefix(lines[i], c.usage+"  "), "line %d: %q, want %q", i, lines[i], c.usage)
	}
}

// TestUsageTable holds docs/usage.md's table of flags to the flags: for
// every subcommand, the flags the table gives it are those it takes, for
// some kind, as its -h lists them (each kind's own aside, its options,
// its bound and its generator's parameters, which COMMAND KIND -h
// documents); and the usage blocks of docs/usage.md and the README name
// every subcommand.
func TestUsageTable(t *testing.T) {
	doc := readFile(t, "../../docs/usage.md")
	documented := map[string]map[string]bool{}
	for _, c := range commands() {
		documented[c.name] = map[string]bool{}
	}
	row := regexp.MustCompile("(?m)^\\| (`-.*?) \\| (.*?) \\| .* \\|$")
	flagName := regexp.MustCompile("`--?([a-z][a-z-]*)")
	rows := row.FindAllStringSubmatch(doc, -1)
	require.NotEmpty(t, rows)
	for _, m := range rows {
		var cmds []string
		if m[2] == "every subcommand" {
			for _, c := range commands() {
				cmds = append(cmds, c.name)
			}
		} else {
			cmds = strings.Split(m[2], ", ")
		}
		for _, c := range cmds {
			require.Contains(t, documented, c, "row %q: no subcommand %q", m[0], c)
			for _, f := range flagName.FindAllStringSubmatch(m[1], -1) {
				documented[c][f[1]] = true
			}
		}
	}
	for _, c := range commands() {
		real := map[string]bool{}
		for _, args := range helpArgs(c) {
			out, errs, code := cli(t, "", args...)
			require.Equal(t, exitOK, code, "%v: %s", args, errs)
			for _, f := range regexp.MustCompile(`(?m)^  -([a-z][a-z-]*)`).FindAllStringSubmatch(out, -1) {
				real[f[1]] = true
			}
		}
		for _, k := range kinds() {
			for _, f := range kindFlags(k) {
				delete(real, f)
			}
			if g, ok := k.lib.Kind.(kind.Generator); ok && c.name == "gen" {
				for _, p := range g.GenParams() {
					delete(real, p.Name)
				}
			}
		}
		require.Equal(t, sortedKeys(real), sortedKeys(documented[c.name]), "docs/usage.md's flags of %s", c.name)
	}

	for _, file := range []string{"../../docs/usage.md", "../../README.md"} {
		var listed []string
		for _, m := range regexp.MustCompile(`(?m)^    puzzlesat ([a-z]+) `).FindAllStringSubmatch(readFile(t, file), -1) {
			listed = append(listed, m[1])
		}
		for _, c := range commands() {
			require.Contains(t, listed, c.name, "%s lists every subcommand", file)
		}
	}
}

// helpArgs returns the command lines that print every flag of c: c -h,
// or c KIND -h for each kind.
func helpArgs(c command) [][]string {
	if !strings.Contains(c.usage, "KIND") {
		return [][]string{{c.name, "-h"}}
	}
	var out [][]string
	for _, k := range kinds() {
		out = append(out, []string{c.name, k.name(), "-h"})
	}
	return out
}

// kindFlags returns the names of k's own flags: its parser's options and
// its bound.
func kindFlags(k *puzzleKind) []string {
	var names []string
	if c, ok := k.lib.Kind.(kind.Configurable); ok {
		for _, f := range c.Options() {
			names = append(names, f.Name)
		}
	}
	if b, ok := k.bound(); ok {
		names = append(names, b.Name)
	}
	return names
}

func sortedKeys(m map[string]bool) []string {
	return slices.Sorted(maps.Keys(m))
}
