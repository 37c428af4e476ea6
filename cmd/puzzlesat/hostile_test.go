package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The tests of this file are the regression tests of issue 10: hostile or
// careless input, failed writes, bugs and interrupts, run in process. The
// ones that need a real signal or the OS's count of memory are in
// process_test.go.

// TestOutOfRangeIntegers: an integer that overflows a naive range check
// is bad input, never a wrong answer or a panic.
func TestOutOfRangeIntegers(t *testing.T) {
	out, errs, code := cli(t, "p cnf 1 2\n1 0\n-1 -9223372036854775808 0\n", "sat", "-")
	require.Equal(t, exitUsage, code, out)
	require.Empty(t, out)
	require.Contains(t, errs, "<stdin>:3:")

	in := writeTemp(t, "a.in", "5 ABCED BDACE EBBAA\n")
	for _, model := range []string{
		"s SATISFIABLE\nv 1 -9223372036854775808 0\n",
		"s SATISFIABLE\nv 9223372036854775807 0\n",
		"s SATISFIABLE\nv 268435456 0\n",
	} {
		out, errs, code := cli(t, model, "decode", "alphametic", "--model", "-", in)
		require.Equal(t, exitUsage, code, errs)
		require.Empty(t, out)
		require.Contains(t, errs, "<stdin>:2:")
	}
	for _, args := range [][]string{
		{"solve", "alphametic", "--jobs=9223372036854775807", in},
		{"solve", "alphametic", "--jobs=-1", in},
		{"count", "alphametic", "--limit=-9223372036854775808", in},
		{"encode", "alphametic", "--case=-9223372036854775808", in},
		{"solve", "alphametic", "--budget=-1", in},
		{"gen", "alphametic", "--count=-1"},
	} {
		out, errs, code := cli(t, "", args...)
		require.Equal(t, exitUsage, code, "%v: %s", args, errs)
		require.Empty(t, out)
	}
}

// failingWriter fails every write, as a full disk does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestFailedWrite: every subcommand reports a failed write with exit 2.
func TestFailedWrite(t *testing.T) {
	in := writeTemp(t, "a.in", "5 ABCED BDACE EBBAA\n")
	cnf := writeTemp(t, "a.cnf", "p cnf 2 1\n1 2 0\n")
	for _, args := range [][]string{
		{"solve", "alphametic", in},
		{"solve", "alphametic", "--jobs=2", in},
		{"count", "alphametic", in},
		{"encode", "alphametic", in},
		{"gen", "alphametic"},
		{"sat", cnf},
	} {
		var errs bytes.Buffer
		code := run(context.Background(), args, strings.NewReader(""), failingWriter{}, &errs)
		require.Equal(t, exitUsage, code, "%v", args)
		require.Contains(t, errs.String(), "no space left on device", "%v", args)
	}
}

// TestEmptyInput: an input that holds no instance is bad input for every
// kind, with the line where one was expected.
func TestEmptyInput(t *testing.T) {
	for _, k := range kindNames() {
		for _, in := range []string{"", "\n\n", "0\n"} {
			out, errs, code := cli(t, in, "solve", k)
			if k == "alphametic" || k == "cake" || in != "0\n" {
				require.Equal(t, exitUsage, code, "%s %q: %s", k, in, errs)
				require.Empty(t, out)
				require.Regexp(t, `^puzzlesat: <stdin>:\d+: `, errs)
			}
		}
	}
}

// TestLongTokensAreCut: a huge bad token is quoted in at most about 40
// characters.
func TestLongTokensAreCut(t *testing.T) {
	huge := strings.Repeat("7", 500000)
	for _, tc := range []struct{ kind, in string }{
		{"digit-puzzle", "7 ** " + huge + "\n"},
		{"sticks", "2\n1 " + huge + "\n0\n"},
		{"cake", huge + " 2\n"},
		{"alphametic", "5\n" + huge + "\n"},
		{"sudoku", huge + "\n"},
		{"cryptarithm", "A + " + huge + "\n"},
		{"cryptarithm", "A + " + strings.Repeat("B", 500000) + "\n"},
		{"cats", "2 " + huge + "\n"},
	} {
		out, errs, code := cli(t, tc.in, "solve", tc.kind)
		require.Equal(t, exitUsage, code, tc.kind)
		require.Empty(t, out)
		require.Less(t, len(errs), 250, "%s: %s", tc.kind, errs)
		require.Equal(t, 1, strings.Count(errs, "\n"), tc.kind)
	}
}

// TestBadFlagIsOneLine: a bad flag gives one line and a hint, -h every flag.
func TestBadFlagIsOneLine(t *testing.T) {
	out, errs, code := cli(t, "", "solve", "alphametic", "--frob")
	require.Equal(t, exitUsage, code)
	require.Empty(t, out)
	require.Equal(t, 1, strings.Count(errs, "\n"), errs)
	require.Contains(t, errs, "-h")
	_, errs, code = cli(t, "", "solve", "alphametic", "-h")
	require.Equal(t, exitOK, code)
	require.Contains(t, errs, "-timeout")
}

// TestModelGivingBothValues: a model that sets v 1 and -1 is refused.
func TestModelGivingBothValues(t *testing.T) {
	in := writeTemp(t, "a.in", "5 ABCED BDACE EBBAA\n")
	out, errs, code := cli(t, "s SATISFIABLE\nv 1 2\nv -1 0\n", "decode", "alphametic", "--model", "-", in)
	require.Equal(t, exitUsage, code)
	require.Empty(t, out)
	require.Contains(t, errs, "<stdin>:3: model gives variable 1 both values (the other at line 2)")
}

// TestTooLarge: an instance over the budget prints "too large" in its
// place with a message naming both sizes; the others are still solved.
func TestTooLarge(t *testing.T) {
	in := "5 ABCED BDACE EBBAA\n5 ABCED BDACE EBBAA\n"
	out, errs, code := cli(t, in, "solve", "alphametic", "--backend=sat", "--budget=100")
	require.Equal(t, exitFailed, code)
	require.Equal(t, "too large\ntoo large\n", out)
	require.Regexp(t, `case 1: sat backend: the formula holds \d+ literals, over the budget of 100`, errs)

	out, errs, code = cli(t, "", "count", "sudoku", "--backend=sat", "--limit=100000", "--budget=200000", writeTemp(t, "e", strings.Repeat(".", 81)+"\n"))
	require.Equal(t, exitFailed, code)
	require.Equal(t, "too large\n", out)
	require.Contains(t, errs, "over the budget of 200000")
}

// TestBugExit3: a panic in a command is a bug: "BUG:" with the stack, and
// exit 3, never the 2 of bad input.
func TestBugExit3(t *testing.T) {
	var errs bytes.Buffer
	c := command{name: "boom", run: func(context.Context, env, []string) error { panic("boom") }}
	e := env{stdout: &checked{w: &bytes.Buffer{}}, stderr: &errs}
	require.Equal(t, exitBug, exitCode(&errs, runCommand(context.Background(), c, e, nil)))
	require.Contains(t, errs.String(), "puzzlesat: BUG: boom\n")
	require.Contains(t, errs.String(), "goroutine")

	// A panic in a batch worker: the other instances are still printed.
	errs.Reset()
	var out bytes.Buffer
	o := newOptions(&errs)
	o.jobs = 2
	feed := func(yield func(int) error) error {
		for i := range 3 {
			if err := yield(i); err != nil {
				return err
			}
		}
		return nil
	}
	err := runBatch(context.Background(), env{stdout: &out, stderr: &errs}, o, 3, feed, func(_ context.Context, _ int, x int) result {
		if x == 1 {
			panic("worker")
		}
		return result{out: "ok\n"}
	})
	require.Equal(t, exitBug, exitCode(&errs, err))
	require.Equal(t, "ok\nok\n", out.String())
	require.Contains(t, errs.String(), "BUG: worker")
}

// TestInterruptStopsBatch: after Ctrl-C a batch prints the answers
// finished in order, says interrupted and exits 130, without a "timeout"
// line per instance left.
func TestInterruptStopsBatch(t *testing.T) {
	for _, jobs := range []string{"1", "2"} {
		ctx, cancel := context.WithCancelCause(context.Background())
		cancel(errInterrupted)
		var out, errs bytes.Buffer
		in := strings.Repeat("5 ABCED BDACE EBBAA\n", 1000)
		code := run(ctx, []string{"solve", "alphametic", "--backend=sat", "--jobs=" + jobs}, strings.NewReader(in), &out, &errs)
		require.Equal(t, exitInterrupted, code)
		require.Empty(t, out.String())
		require.Equal(t, "puzzlesat: interrupted\n", errs.String())
	}
}

// TestEncodeLeavesNoHalfFile: an encode stopped midway leaves no file.
func TestEncodeLeavesNoHalfFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.cnf")
	ctx, cancel := context.WithCancel(context.Background())
	err := writeAtomically(ctx, path, func(w io.Writer) error {
		w.Write([]byte("p cnf 1 1\n"))
		cancel()
		_, err := w.Write([]byte("1 0\n"))
		return err
	})
	require.ErrorIs(t, err, context.Canceled)
	entries, _ := os.ReadDir(dir)
	require.Empty(t, entries)
}
