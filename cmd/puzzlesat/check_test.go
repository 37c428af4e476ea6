package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// php32 is PHP(3, 2): three pigeons, two holes; "-1 0" then "0" refutes it.
const php32 = "p cnf 6 9\n1 2 0\n3 4 0\n5 6 0\n-1 -3 0\n-1 -5 0\n-3 -5 0\n-2 -4 0\n-2 -6 0\n-4 -6 0\n"

func TestCheckCommand(t *testing.T) {
	f := writeTemp(t, "php.cnf", php32)
	tests := []struct {
		name, proof string
		stdin       string // the proof is "-"
		code        int
		out, err    string
	}{
		{"verified", "-1 0\n0\n", "", exitOK, "s VERIFIED\n", ""},
		{"verified binary", "a\x03\x00a\x00", "", exitOK, "s VERIFIED\n", ""},
		{"verified from stdin", "-", "-1 0\n0\n", exitOK, "s VERIFIED\n", ""},
		{"lemma dropped", "0\n", "", exitFailed, "s NOT VERIFIED\n", "lemma 1 (line 1): []"},
		{"literal flipped", "d 1 2 0\n-1 0\n0\n", "", exitFailed, "s NOT VERIFIED\n", "lemma 2 (line 3): []"},
		{"no conflict", "1 2 3 0\n", "", exitFailed, "s NOT VERIFIED\n", "no conflict reached"},
		{"unreadable", "-1 0\n1 x 0\n", "", exitUsage, "", "p.drat:2: expected a literal, got \"x\"\n"},
		{"unreadable binary", "a\x03", "", exitUsage, "", "p.drat: byte 0: proof ends inside a clause\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			proof := "-"
			if tc.proof != "-" {
				proof = writeTemp(t, "p.drat", tc.proof)
			}
			out, errs, code := cli(t, tc.stdin, "check", f, proof)
			require.Equal(t, tc.code, code, errs)
			require.Equal(t, tc.out, out)
			require.Contains(t, errs, tc.err)
			if tc.code == exitUsage {
				require.Equal(t, 1, strings.Count(errs, "\n"), "one line: %q", errs)
			}
		})
	}
}

func TestCheckCommandUsage(t *testing.T) {
	f := writeTemp(t, "php.cnf", php32)
	p := writeTemp(t, "p.drat", "-1 0\n0\n")
	runUsageTests(t, []usageTest{
		{"no files", []string{"check"}, exitUsage, "usage: puzzlesat check"},
		{"one file", []string{"check", f}, exitUsage, "usage: puzzlesat check"},
		{"both stdin", []string{"check", "-", "-"}, exitUsage, "cannot both be stdin"},
		{"missing proof", []string{"check", f, "/nonexistent/p.drat"}, exitUsage, "no such file"},
		{"bad cnf", []string{"check", writeTemp(t, "bad.cnf", "p cnf 1 1\n1 x 0\n"), p}, exitUsage, "bad.cnf:2: expected an integer literal"},
		{"negative timeout", []string{"check", "--timeout=-1s", f, p}, exitUsage, "--timeout"},
		{"help", []string{"check", "-h"}, exitOK, "-lrat"},
		{"timeout", []string{"check", "--timeout=1ns", f, p}, exitFailed, "timeout"},
	})
}

func TestCheckCommandOutputs(t *testing.T) {
	dir := t.TempDir()
	f := writeTemp(t, "php.cnf", php32)
	core, lrat := filepath.Join(dir, "core.cnf"), filepath.Join(dir, "p.lrat")
	out, errs, code := cli(t, "", "check", "--stats", "--core", core, "--lrat", lrat, f, writeTemp(t, "p.drat", "-1 0\n0\n"))
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, "s VERIFIED\n", out)
	require.Contains(t, errs, "c check: 2 lemmas, 0 deletions (0 ignored); core: 1 lemmas, 9 clauses; 0 RAT checks;")
	require.Equal(t, php32, readFile(t, core))
	// Under x1, -1-3 gives -3, 3 4 gives 4, -1-5 gives -5, 5 6 gives 6,
	// and -4-6 is falsified; then from -1, the empty clause.
	require.Equal(t, "10 -1 0 4 2 5 3 9 0\n12 0 10 1 7 8 2 3 6 0\n", readFile(t, lrat))

	// Nothing is left behind for a proof not verified.
	_, _, code = cli(t, "", "check", "--core", core, "--lrat", lrat, f, writeTemp(t, "p.drat", "0\n"))
	require.Equal(t, exitFailed, code)
	for _, p := range []string{core, lrat} {
		_, err := os.Stat(p)
		require.True(t, os.IsNotExist(err), "%s is left behind", p)
	}
}

func TestCheckCommandInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(errInterrupted)
	var out, errs bytes.Buffer
	f := writeTemp(t, "php.cnf", php32)
	code := run(ctx, []string{"check", f, writeTemp(t, "p.drat", "-1 0\n0\n")}, strings.NewReader(""), &out, &errs)
	require.Equal(t, exitInterrupted, code, errs.String())
	require.Empty(t, out.String())
}
