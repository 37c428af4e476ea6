package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/solver"
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

// TestEmptyInput: an input that holds no instance, or only a 0 (which
// ends some kinds' inputs and is no instance of the others), is bad input
// for every kind, with the line where one was expected.
func TestEmptyInput(t *testing.T) {
	for _, k := range kindNames() {
		for _, in := range []string{"", "\n\n", "0\n"} {
			out, errs, code := cli(t, in, "solve", k)
			require.Equal(t, exitUsage, code, "%s %q: %s", k, in, errs)
			require.Empty(t, out)
			require.Regexp(t, `^puzzlesat: <stdin>:\d+: `, errs)
		}
	}
}

// TestLongTokensAreCut: a huge bad token is quoted in at most about 40
// characters: first in the input, for every kind, and past a good start,
// for two.
func TestLongTokensAreCut(t *testing.T) {
	huge := strings.Repeat("7", 500000)
	cases := []struct{ kind, in string }{
		{"sticks", "2\n1 " + huge + "\n0\n"},
		{"cryptarithm", "A + " + strings.Repeat("B", 500000) + "\n"},
	}
	for _, k := range kindNames() {
		cases = append(cases, struct{ kind, in string }{k, huge + "\n"})
	}
	for _, tc := range cases {
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
	out, errs, code = cli(t, "", "solve", "alphametic", "-h")
	require.Equal(t, exitOK, code)
	require.Empty(t, errs)
	require.Contains(t, out, "-timeout")
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

	// With no limit the count goes on until its blocking clauses fill the
	// budget, and prints what it counted as a lower bound.
	out, errs, code = cli(t, "", "count", "sudoku", "--backend=sat", "--limit=0", "--budget=200000", writeTemp(t, "e", strings.Repeat(".", 81)+"\n"))
	require.Equal(t, exitFailed, code)
	require.Regexp(t, `^>=[1-9]\d*\n$`, out)
	require.Regexp(t, `^puzzlesat: \S+ case 1: the count stopped at the budget \(the formula holds \d+ literals, over the budget of 200000; raise --budget to allow it\) after [1-9]\d* solutions\n$`, errs)
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
	feed := func(_ context.Context, yield func(int) error) error {
		for i := range 3 {
			if err := yield(i); err != nil {
				return err
			}
		}
		return nil
	}
	err := runBatch(context.Background(), env{stdout: &out, stderr: &errs}, o, stream[int]{feed: feed, name: func() string { return "three" }}, func(_ context.Context, _ int, x int) result {
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

// outputWriters are the subcommands that write to a path the user names,
// each with a name for that path (its extension matters to --plot) and
// the text the file must start with.
var outputWriters = []struct {
	name, file, starts string
	args               func(t *testing.T, path string) []string
}{
	{"encode -o", "x.cnf", "c puzzlesat alphametic", func(t *testing.T, path string) []string {
		return []string{"encode", "alphametic", "-o", path, judgedata.Path(t, "alphametic", "sample.in")}
	}},
	{"compare --json", "x.json", "[", func(t *testing.T, path string) []string {
		return []string{"compare", "alphametic", "--json", path, judgedata.Path(t, "alphametic", "sample.in")}
	}},
	{"compare --plot", "x.svg", "<?xml", func(t *testing.T, path string) []string {
		return []string{"compare", "alphametic", "--plot", path, judgedata.Path(t, "alphametic", "sample.in")}
	}},
	{"compare --markdown", "x.md", "|", func(t *testing.T, path string) []string {
		return []string{"compare", "alphametic", "--ablate", "--backends=sat", "--markdown", path, judgedata.Path(t, "alphametic", "sample.in")}
	}},
	{"check --core", "core.cnf", "p cnf", func(t *testing.T, path string) []string {
		return []string{"check", "--core", path, writeTemp(t, "php.cnf", php32), writeTemp(t, "p.drat", "-1 0\n0\n")}
	}},
	{"solve -o", "x.out", "1 0 3 4 2\n", func(t *testing.T, path string) []string {
		return []string{"solve", "alphametic", "-o", path, judgedata.Path(t, "alphametic", "sample.in")}
	}},
	{"gen --output", "x.in", "", func(t *testing.T, path string) []string {
		return []string{"gen", "sudoku", "--output", path}
	}},
	{"prunings --json=PATH", "x.json", "[", func(t *testing.T, path string) []string {
		return []string{"prunings", "sudoku", "--json=" + path}
	}},
	{"kinds -o", "x.txt", kindNames()[0] + " ", func(t *testing.T, path string) []string {
		return []string{"kinds", "-o", path}
	}},
}

// TestOutputsKeepWhatIsThere (issue 23 item 3): an output path that is a
// regular file, or none yet, is written through a temporary file renamed
// into place, keeping the file's mode, or the umask's default for a new
// one; a symlink stays a link to the file written; a FIFO or a device is
// written through, never replaced.
func TestOutputsKeepWhatIsThere(t *testing.T) {
	umask := func() os.FileMode { // the mode a new file gets here
		ref := filepath.Join(t.TempDir(), "ref")
		f, err := os.Create(ref)
		require.NoError(t, err)
		f.Close()
		fi, err := os.Stat(ref)
		require.NoError(t, err)
		return fi.Mode()
	}()
	for _, w := range outputWriters {
		t.Run(w.name, func(t *testing.T) {
			run := func(path string) {
				t.Helper()
				_, errs, code := cli(t, "", w.args(t, path)...)
				require.Equal(t, exitOK, code, errs)
			}
			dir := t.TempDir()
			fresh := filepath.Join(dir, w.file)
			run(fresh)
			fi, err := os.Stat(fresh)
			require.NoError(t, err)
			require.Equal(t, umask, fi.Mode(), "a new file gets the umask's default")
			require.True(t, strings.HasPrefix(readFile(t, fresh), w.starts))

			old := filepath.Join(t.TempDir(), w.file)
			require.NoError(t, os.WriteFile(old, []byte("old\n"), 0o600))
			require.NoError(t, os.Chmod(old, 0o604))
			run(old)
			fi, err = os.Stat(old)
			require.NoError(t, err)
			require.Equal(t, os.FileMode(0o604), fi.Mode(), "the file keeps its mode")
			require.True(t, strings.HasPrefix(readFile(t, old), w.starts))

			// Nothing is written through a link to a file, or to nowhere:
			// refused, exit 2, the link and its target untouched.
			for _, to := range []string{old, filepath.Join(t.TempDir(), "nowhere")} {
				link := filepath.Join(t.TempDir(), w.file)
				require.NoError(t, os.Symlink(to, link))
				require.NoError(t, os.WriteFile(old, []byte("old\n"), 0o604))
				out, errs, code := cli(t, "", w.args(t, link)...)
				require.Equal(t, exitUsage, code, errs)
				require.Contains(t, errs, "a symbolic link, which puzzlesat does not write through")
				require.Empty(t, out)
				require.Equal(t, "old\n", readFile(t, old))
				li, err := os.Lstat(link)
				require.NoError(t, err)
				require.Equal(t, os.ModeSymlink, li.Mode()&os.ModeType, "the link stays a link")
				require.NoFileExists(t, filepath.Join(filepath.Dir(to), "nowhere"))
			}

			fifo := filepath.Join(t.TempDir(), w.file)
			require.NoError(t, syscall.Mkfifo(fifo, 0o600))
			got := make(chan string, 1)
			go func() {
				b, _ := os.ReadFile(fifo) // opening waits for the writer
				got <- string(b)
			}()
			run(fifo)
			require.True(t, strings.HasPrefix(<-got, w.starts), "written through the FIFO")
			fi, err = os.Lstat(fifo)
			require.NoError(t, err)
			require.Equal(t, os.ModeNamedPipe, fi.Mode()&os.ModeType, "still a FIFO")
			require.Len(t, dirNames(t, filepath.Dir(fifo)), 1, "no temporary file left")
		})
	}
	// A character device is written, not replaced. As root the test makes
	// a null device of its own, so that a failure does not replace the
	// system's /dev/null, as the rename once did.
	dev := os.DevNull
	if os.Geteuid() == 0 {
		dev = filepath.Join(t.TempDir(), "null")
		if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
			t.Skipf("mknod %s: %v", dev, err)
		}
	}
	_, errs, code := cli(t, "", outputWriters[0].args(t, dev)...)
	require.Equal(t, exitOK, code, errs)
	fi, err := os.Stat(dev)
	require.NoError(t, err)
	require.Equal(t, os.ModeDevice|os.ModeCharDevice, fi.Mode()&os.ModeType)
}

// TestCheckOutputOfAFailedProof: check removes a regular file it was to
// write when the proof fails, and leaves a FIFO where it is.
func TestCheckOutputOfAFailedProof(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "core.cnf")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	done := make(chan struct{})
	go func() {
		os.ReadFile(fifo)
		close(done)
	}()
	_, _, code := cli(t, "", "check", "--core", fifo, writeTemp(t, "php.cnf", php32), writeTemp(t, "p.drat", "0\n"))
	require.Equal(t, exitFailed, code)
	<-done
	fi, err := os.Lstat(fifo)
	require.NoError(t, err)
	require.Equal(t, os.ModeNamedPipe, fi.Mode()&os.ModeType, "the FIFO is still there")
}

// dirNames returns the names in dir.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// TestProofDirWritesNoLink: links at the names a proof is kept under, to a
// file of the user's and to a device that never ends, are replaced by the
// formula and its proof, as the docs say; what they pointed to is
// untouched, and no temporary file is left.
func TestProofDirWritesNoLink(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil && !solver.CadicalBuiltIn() {
		t.Skip("no prover: cadical is not on PATH nor built in")
	}
	dir := t.TempDir()
	victim := filepath.Join(t.TempDir(), "victim")
	require.NoError(t, os.WriteFile(victim, []byte("keep me\n"), 0o644))
	base := filepath.Join(dir, "sample.in-case1-count-2")
	require.NoError(t, os.Symlink(victim, base+".cnf"))
	require.NoError(t, os.Symlink("/dev/zero", base+".drat"))
	sample := judgedata.Path(t, "sudoku", "sample.in")
	out, errs, code := cli(t, "", "count", "sudoku", "--backend=sat", "--timeout=20s", "--proof-dir", dir, sample)
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, "1\n", out)
	require.Equal(t, "keep me\n", readFile(t, victim))
	for _, ext := range []string{".cnf", ".drat"} {
		fi, err := os.Lstat(base + ext)
		require.NoError(t, err)
		require.True(t, fi.Mode().IsRegular(), "%s%s: %v", base, ext, fi.Mode())
	}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 2, "only the formula and its proof")
}
