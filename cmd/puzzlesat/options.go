package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"puzzlesat/puzzle"
	"runtime"
	"strings"
	"time"

	"puzzlesat"
)

// errHelp reports that -h was asked for and usage was printed.
var errHelp = errors.New("help")

// options holds every flag a subcommand may take. Each subcommand
// registers the common flags it uses, and the kind adds its own.
type options struct {
	backend     string
	solver      string
	lib         puzzlesat.Options // what --backend, --timeout, --budget and --solver say
	timeout     time.Duration
	stats       bool
	jobs        int
	certificate bool
	limit       int
	caseNum     int
	output      string
	model       string
	seed        uint64
	count       int

	// Kind-specific flags, registered by the kind that uses them.
	parse    puzzlesat.ParseOptions // sudoku --alphabet, sticks --max-piece, cryptarithm --base
	bound    int                    // encode and decode: the query's bound (sticks --length, cake --area)
	length   int                    // sticks gen: the length of the sticks
	encoding string                 // digit-puzzle encode and decode: table or circuit
	n        int                    // alphametic gen: letters
	box      int                    // sudoku gen: box size
	pieces   int                    // sticks gen
	stderr   io.Writer
	quiet    bool // notes are not printed again
}

// newOptions returns the options before any flag is read.
func newOptions(stderr io.Writer) *options {
	return &options{stderr: stderr, jobs: 1}
}

// flagSet makes the flag set of the subcommand cmd, named for messages
// as cmd and the kind ("solve sudoku"), or cmd alone. Its -h prints the
// usage line and the flags to stdout, which is what the user asked for.
func flagSet(e env, cmd, kind string) *flag.FlagSet {
	name := strings.TrimSpace(cmd + " " + kind)
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stdout)
	fs.Usage = func() {
		line := usageLine(cmd)
		if kind != "" {
			line = strings.Replace(line, "KIND", kind, 1)
		}
		fmt.Fprintf(fs.Output(), "usage: puzzlesat %s\n%s\n\nflags:\n", line, shortHelp(cmd))
		fs.PrintDefaults()
	}
	return fs
}

// techniqueFlags registers --dfs and --encoding, which switch the DFS's
// prunings and pick the SAT encoding's options.
func (o *options) techniqueFlags(fs *flag.FlagSet, dfs bool) {
	if dfs {
		fs.StringVar(&o.lib.Prunings, "dfs", "", "switch the DFS's prunings: `-NAME,+NAME,...` turns one off (with those that need it) or an optional one on; see puzzlesat prunings KIND")
	}
	fs.StringVar(&o.lib.Encoding, "encoding", "", "pick the SAT encoding's options: `POINT=OPTION,...`; see puzzlesat encodings KIND")
}

func (o *options) backendFlags(fs *flag.FlagSet) {
	fs.StringVar(&o.backend, "backend", "dfs", "the backend `NAME`: dfs, sat, both (runs the two and compares) or race (runs the two at once; the first answer wins)")
	fs.DurationVar(&o.timeout, "timeout", 0, "time limit per instance and backend (0: none)")
	fs.BoolVar(&o.stats, "stats", false, "print one line of statistics per instance to stderr")
	o.budgetFlag(fs)
	o.solverFlag(fs)
}

// solverFlag registers --solver, the SAT backend's solver.
func (o *options) solverFlag(fs *flag.FlagSet) {
	fs.StringVar(&o.solver, "solver", "gini", "the SAT `solver` of the sat backend: gini (in process), portfolio (gini and every known solver on PATH race on each query), portfolio:A,B,... (those race), a known solver ("+
		strings.Join(puzzlesat.KnownSolvers(), ", ")+"), or the path of one, run as \"PATH FILE\" and answering in SAT-competition form")
}

// budgetFlag registers --budget, the SAT backend's limit on formulas.
func (o *options) budgetFlag(fs *flag.FlagSet) {
	fs.IntVar(&o.lib.Budget, "budget", puzzlesat.DefaultBudget, "the most `literals` a formula of the SAT backend may hold; an instance over it prints \"too large\"")
}

func (o *options) batchFlags(fs *flag.FlagSet) {
	fs.IntVar(&o.jobs, "jobs", runtime.NumCPU(), "instances solved in parallel")
}

func (o *options) queryFlags(fs *flag.FlagSet) {
	fs.IntVar(&o.caseNum, "case", 1, "which instance of the input (1-based)")
}

func (o *options) genFlags(fs *flag.FlagSet) {
	fs.Uint64Var(&o.seed, "seed", 1, "random seed")
	fs.IntVar(&o.count, "count", 1, "number of instances")
}

// parseArgs parses the flags after KIND and returns the positional
// arguments. Flags may also follow the file name. A bad flag is one line
// with a pointer to -h; -h prints every flag.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	out := fs.Output()
	fs.SetOutput(io.Discard) // the flag package prints every flag on any error
	defer fs.SetOutput(out)
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.SetOutput(out)
				fs.Usage()
				return nil, errHelp
			}
			return nil, usagef("%s: %v%s", fs.Name(), err, seeHelp(fs.Name()))
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// seeHelp returns the pointer to the help of the subcommand name ("solve
// sudoku") that ends a message about a bad flag.
func seeHelp(name string) string { return " (see puzzlesat " + name + " -h)" }

// maxJobs bounds --jobs: each job holds a share of the batch's window.
const maxJobs = 4096

// check validates the common flags.
func (o *options) check() error {
	if o.backend != "" {
		var b puzzlesat.Backend
		if err := b.UnmarshalText([]byte(o.backend)); err != nil {
			return usagef("--backend must be dfs, sat, both or race, not %q", o.backend)
		}
		o.lib.Backend = b
	}
	if o.jobs < 1 || o.jobs > maxJobs {
		return usagef("--jobs must be in 1..%d, got %d", maxJobs, o.jobs)
	}
	if o.timeout < 0 {
		return usagef("--timeout must not be negative")
	}
	if o.lib.Budget < 0 {
		return usagef("--budget must not be negative, got %d", o.lib.Budget)
	}
	o.lib.Timeout = o.timeout
	o.lib.Memory = o.memory()
	if o.parse.MaxPiece < 0 {
		return usagef("--max-piece must not be negative, got %d", o.parse.MaxPiece)
	}
	if b := o.parse.Base; b != 0 && (b < puzzle.CryptarithmMinBase || b > puzzle.CryptarithmMaxBase) {
		return usagef("--base must be in %d..%d, got %d", puzzle.CryptarithmMinBase, puzzle.CryptarithmMaxBase, b)
	}
	if a := o.parse.Alphabet; a != "" {
		if err := puzzle.CheckSudokuAlphabet(a); err != nil {
			return usagef("--alphabet: %v", err)
		}
	}
	if o.solver != "" {
		s, err := puzzlesat.ParseSolver(o.solver)
		if err != nil {
			return usagef("--solver: %v", err)
		}
		o.lib.Solver = s
		if o.backend == "dfs" && o.solver != "gini" {
			o.note("--solver=%s is the sat backend's; --backend=dfs does not use it", o.solver)
		}
	}
	return nil
}

// note prints a remark on stderr, unless the input is being read again.
func (o *options) note(format string, args ...any) {
	if o.stderr != nil && !o.quiet {
		fmt.Fprintf(o.stderr, "puzzlesat: "+format+"\n", args...)
	}
}
