// Command puzzlesat solves classic exhaustive-search puzzles two ways, by
// depth-first search and by SAT, and makes the two check each other.
//
// Usage:
//
//	puzzlesat solve KIND [flags] [FILE...]          solve every instance and print judge-format answers
//	puzzlesat count KIND [flags] [FILE...]          print the number of solutions of each instance
//	puzzlesat encode KIND [flags] [FILE]            write the CNF of one instance as DIMACS
//	puzzlesat decode KIND --model M [flags] [FILE]  turn a SAT solver's model into the answer
//	puzzlesat sat [flags] [CNF]                     solve a DIMACS file (or stdin) with gini or --solver
//	puzzlesat check [flags] CNF PROOF               check a DRAT proof that a DIMACS file is unsatisfiable
//	puzzlesat gen KIND [flags]                      print random instances in judge format
//	puzzlesat compare KIND [flags] FILE...          run every backend on every instance
//	puzzlesat trace KIND [flags] -o PATH [FILE]     draw the first nodes of the DFS of one instance
//	puzzlesat kinds [--names | --json]              list the puzzle kinds
//	puzzlesat prunings KIND [--json]                list the prunings of a kind's DFS
//	puzzlesat encodings KIND [--json]               list the choice points of a kind's SAT encoding
//	puzzlesat lab [--http=ADDR] [--open]            serve the lab: solve and see every search in a browser
//	puzzlesat version                               print the version and the engines built in
//
// KIND is one of the kinds that puzzlesat kinds lists, in any case. Run
// puzzlesat help COMMAND, or a subcommand with -h, for its flags. The
// exit status is 0 when all went well, 1 when an instance has no
// solution, timed out, was too large or the backends disagreed, 2 for
// bad usage, bad input or a failed write, 3 for a bug, 130 after Ctrl-C,
// and 141 when the reader of stdout went away (as in
// puzzlesat gen sudoku | head -1).
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/suggest"
)

func main() {
	// With SIGPIPE notified, a write to a closed pipe fails with EPIPE
	// instead of killing the process, so that a broken pipe on stdout
	// ends the run as a filter's does (exitBrokenPipe), with the
	// external solvers stopped and the temporary files removed.
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
	setMemoryLimit()
	ctx, stop := interruptible(context.Background())
	code := guarded(ctx, func() int { return run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr) })
	stop()
	os.Exit(code)
}

// interruptible returns a context that the first SIGINT or SIGTERM
// cancels with the cause errInterrupted, so that the command stops within
// a moment and prints what it has; a second signal ends the process at
// once with exit status 130.
func interruptible(parent context.Context) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(parent)
	sig := make(chan os.Signal, 2)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		if _, ok := <-sig; !ok {
			return
		}
		cancel(errInterrupted)
		if _, ok := <-sig; ok {
			fmt.Fprintln(os.Stderr, "puzzlesat: interrupted")
			os.Exit(exitInterrupted)
		}
	}()
	return ctx, func() {
		signal.Stop(sig)
		close(sig)
		cancel(nil)
	}
}

// env is what a subcommand reads and writes.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	out            *redirect // -o, which sends stdout to a file; nil: no -o
}

// command is one subcommand.
type command struct {
	name, usage, short string
	run                func(ctx context.Context, e env, args []string) error
}

func commands() []command {
	return []command{
		{"solve", "solve KIND [flags] [FILE...]", "solve every instance and print judge-format answers", runSolve},
		{"count", "count KIND [flags] [FILE...]", "print the number of solutions of each instance", runCount},
		{"encode", "encode KIND [flags] [FILE]", "write the CNF of one instance as DIMACS", runEncode},
		{"decode", "decode KIND --model M [flags] [FILE]", "turn a SAT solver's model into the answer", runDecode},
		{"sat", "sat [flags] [CNF]", "solve a DIMACS file (or stdin, gzip or xz) with gini or --solver (SAT-competition output)", runSat},
		{"check", "check [flags] CNF PROOF", "check a DRAT proof that a DIMACS file is unsatisfiable", runCheck},
		{"gen", "gen KIND [flags]", "print random instances in judge format", runGen},
		{"compare", "compare KIND [flags] FILE...", "run every backend on every instance: a table, --json, --plot, --ablate", runCompare},
		{"trace", "trace KIND [flags] -o PATH [FILE]", "draw the first nodes of the DFS of one instance, with its cuts: SVG, DOT or JSON", runTrace},
		{"kinds", "kinds [--names | --json]", "list the puzzle kinds, a line each: its name and what it is", runKinds},
		{"prunings", "prunings KIND [--json]", "list the prunings of a kind's DFS, which --dfs switches", runPrunings},
		{"encodings", "encodings KIND [--json]", "list the choice points of a kind's SAT encoding, which --encoding picks", runEncodings},
		{"lab", "lab [--http=ADDR] [--open]", "serve the lab: solve and see every search in a browser", runLab},
		{"version", "version", "print the version of puzzlesat and of the Go that built it (also --version)", runVersion},
	}
}

// Exit statuses.
const (
	exitOK          = 0
	exitFailed      = 1   // no solution, timeout, too large, or the backends disagreed
	exitUsage       = 2   // bad usage, bad input, or a failed write
	exitBug         = 3   // a panic recovered, or an answer that fails Verify
	exitInterrupted = 130 // Ctrl-C: 128 + SIGINT, as shells report it
	// exitBrokenPipe ends a run whose stdout is a pipe that its reader
	// closed, quietly: 128 + SIGPIPE, the status a shell shows for a
	// filter that SIGPIPE killed, such as seq 1000000 | head -1.
	exitBrokenPipe = 141
)

// Errors that carry an exit status; the details were printed already.
var (
	errFailed      = errors.New("some instances failed")
	errBug         = errors.New("a bug was found")
	errInterrupted = errors.New("interrupted")
)

// bugError is a panic recovered in a command: a bug, never bad input.
type bugError struct {
	value any
	stack []byte
}

func (b *bugError) Error() string { return fmt.Sprintf("BUG: %v\n%s", b.value, b.stack) }

// recovered turns a panic into a *bugError; call it deferred, with a
// pointer to the function's error.
func recovered(err *error) {
	if r := recover(); r != nil {
		*err = &bugError{r, debug.Stack()}
	}
}

// usageError is bad usage of the command line.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// exitError carries an exit status chosen by a subcommand itself (sat).
type exitError struct{ code int }

func (e *exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// run runs the command line args and returns the exit status.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, unwatch := watchReader(ctx, stdout)
	defer unwatch()
	out := &checked{w: waitable(ctx, stdout), name: "standard output"}
	e := env{stdin: stdin, stdout: out, stderr: &lockedWriter{w: stderr}, out: &redirect{stdout: out, ctx: ctx}}
	switch {
	case len(args) == 0:
		usage(stderr)
		return exitUsage
	case args[0] == "help" && len(args) > 1:
		// help CMD [KIND]: CMD's own help, as CMD [KIND] -h prints it.
		args = append(args[1:min(len(args), 3):min(len(args), 3)], "-h")
	case isHelp(args[0]) || args[0] == "help":
		usage(e.stdout) // asked for: stdout
		return exitCode(stderr, e.stdout.(*checked).err)
	case args[0] == "--version" || args[0] == "-version":
		args[0] = "version"
	}
	for _, c := range commands() {
		if c.name == args[0] {
			err := runCommand(ctx, c, e, args[1:])
			if cause := context.Cause(ctx); cause == errInterrupted || errors.As(cause, new(brokenPipe)) {
				err = cause
			}
			return exitCode(stderr, e.out.close(err))
		}
	}
	return exitCode(stderr, unknownCommand(args[0]))
}

// unknownCommand returns the error for a command name that is none, with
// the nearest command's name when one is near.
func unknownCommand(name string) error {
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	if hint := suggest.DidYouMean(name, names, strconv.Quote); hint != "" {
		return usagef("unknown command %q: %s (see puzzlesat -h)", name, hint)
	}
	return usagef("unknown command %q (see puzzlesat -h)", name)
}

// runCommand runs one subcommand, turning a panic into a *bugError.
func runCommand(ctx context.Context, c command, e env, args []string) (err error) {
	defer recovered(&err)
	err = c.run(ctx, e, args)
	var bug *bugError
	ferr := e.stdout.(*checked).err
	waited := errors.Is(err, errTimedOut) && errors.Is(ferr, context.DeadlineExceeded)
	if ferr != nil && !errors.As(err, &bug) && !errors.Is(err, errBug) && !waited {
		// A failed write outranks what the command found, but for a wait
		// for -o's reader that was the timeout the command reported.
		err = ferr
	}
	return err
}

// exitCode prints err, if it needs printing, and maps it to an exit status.
func exitCode(stderr io.Writer, err error) int {
	var (
		ee  *exitError
		bug *bugError
	)
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errInterrupted):
		fmt.Fprintln(stderr, "puzzlesat: interrupted")
		return exitInterrupted
	case errors.As(err, new(brokenPipe)):
		return exitBrokenPipe // the reader wants no more: nothing to say
	case errors.As(err, &ee):
		return ee.code
	case errors.Is(err, errHelp):
		return exitOK
	case errors.Is(err, errFailed):
		return exitFailed
	case errors.Is(err, errBug):
		return exitBug
	case errors.As(err, &bug):
		fmt.Fprintf(stderr, "puzzlesat: %v", bug)
		return exitBug
	}
	fmt.Fprintf(stderr, "puzzlesat: %v\n", strings.TrimSpace(err.Error()))
	return exitUsage
}

// checked is a writer that remembers its first error and writes nothing
// after it, so that a failed write is reported once, with exit status 2,
// whichever write met it.
type checked struct {
	w    io.Writer
	name string
	err  error
}

func (c *checked) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if errors.Is(err, syscall.EPIPE) {
		err = brokenPipe{err}
	}
	if err != nil {
		c.err = fmt.Errorf("write %s: %w", c.name, err)
	}
	return n, c.err
}

// brokenPipe is a write to stdout that failed because its reader closed
// the pipe.
type brokenPipe struct{ err error }

func (b brokenPipe) Error() string { return b.err.Error() }
func (b brokenPipe) Unwrap() error { return b.err }

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: puzzlesat COMMAND ...")
	for _, c := range commands() {
		fmt.Fprintf(w, "  puzzlesat %-38s %s\n", c.usage, c.short)
	}
	fmt.Fprintf(w, "  puzzlesat %-38s %s\n", "help COMMAND [KIND]", "the flags of a command (as COMMAND [KIND] -h)")
	fmt.Fprintf(w, "KIND is one of: %s\n\nkinds:\n", strings.Join(kindNames(), ", "))
	for _, k := range puzzlesat.Kinds() {
		fmt.Fprintf(w, "  %-13s %s\n", k.Name(), k.Summary())
	}
}
