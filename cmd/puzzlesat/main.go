// Command puzzlesat solves five classic exhaustive-search puzzles two ways,
// by depth-first search and by SAT, and makes the two check each other.
//
// Usage:
//
//	puzzlesat solve  KIND [flags] [FILE]   solve every instance, print judge-format answers
//	puzzlesat count  KIND [flags] [FILE]   print the number of solutions of each instance
//	puzzlesat encode KIND [flags] [FILE]   write the CNF of one instance as DIMACS
//	puzzlesat decode KIND --model M [FILE] turn a SAT solver's model into the answer
//	puzzlesat sat    [flags] CNF           solve a DIMACS file with gini
//	puzzlesat gen    KIND [flags]          print random instances
//
// KIND is alphametic, sudoku, sticks, cake or digit-puzzle. Run a
// subcommand with -h for its flags. The exit status is 0 when all went
// well, 1 when an instance has no solution, timed out or the backends
// disagreed, and 2 for bad usage or bad input.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// env is what a subcommand reads and writes.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// command is one subcommand.
type command struct {
	name, usage, short string
	run                func(ctx context.Context, e env, args []string) error
}

func commands() []command {
	return []command{
		{"solve", "solve KIND [flags] [FILE]", "solve every instance and print judge-format answers", runSolve},
		{"count", "count KIND [flags] [FILE]", "print the number of solutions of each instance", runCount},
		{"encode", "encode KIND [flags] [FILE]", "write the CNF of one instance as DIMACS", runEncode},
		{"decode", "decode KIND --model M [flags] [FILE]", "turn a SAT solver's model into the answer", runDecode},
		{"sat", "sat [flags] CNF", "solve a DIMACS file with gini (SAT-competition output)", runSat},
		{"gen", "gen KIND [flags]", "print random instances in judge format", runGen},
	}
}

// Exit statuses.
const (
	exitOK     = 0
	exitFailed = 1 // no solution, timeout, or the backends disagreed
	exitUsage  = 2 // bad usage or bad input
)

// errFailed reports that some instance failed; the details were printed.
var errFailed = errors.New("some instances failed")

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
	e := env{stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stderr)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return exitCode(stderr, c.run(ctx, e, args[1:]))
		}
	}
	fmt.Fprintf(stderr, "puzzlesat: unknown command %q\n", args[0])
	usage(stderr)
	return exitUsage
}

// exitCode prints err, if it needs printing, and maps it to an exit status.
func exitCode(stderr io.Writer, err error) int {
	var ee *exitError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ee):
		return ee.code
	case errors.Is(err, errHelp):
		return exitOK
	case errors.Is(err, errFailed):
		return exitFailed
	}
	fmt.Fprintf(stderr, "puzzlesat: %v\n", strings.TrimSpace(err.Error()))
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: puzzlesat COMMAND ...")
	for _, c := range commands() {
		fmt.Fprintf(w, "  puzzlesat %-38s %s\n", c.usage, c.short)
	}
	fmt.Fprintf(w, "KIND is one of: %s\n", strings.Join(kindNames(), ", "))
}
