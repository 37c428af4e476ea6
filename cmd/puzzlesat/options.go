package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/suggest"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/solver"
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
	stats       statsFlag
	jobs        int
	certificate bool
	grid        bool // --grid: answers drawn, not in the judge's format
	limit       int
	caseNum     int
	model       string
	seed        uint64
	count       int

	// Kind-specific flags, registered by the kind that uses them.
	parse  kind.ScanOptions // the values of the kind's options (kind.Configurable)
	bound  int              // encode and decode: the query's bound (sticks --length, say)
	stderr io.Writer
	quiet  bool // notes are not printed again

	// --proof and --proof-dir: certify the SAT backend's UNSAT answers.
	proof    bool
	proofDir string
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
	if e.out != nil && cmd != "trace" {
		e.out.addFlags(fs)
	}
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
		fs.StringVar(&o.lib.Prunings, "dfs", "", "switch the DFS's prunings: `[PRESET,]-NAME,+NAME,...` turns one off (with those that need it) or on, after the preset all, none or chapter (the chapter's own search, its cuts named by number too: chapter,-3.3); see puzzlesat prunings KIND")
	}
	fs.StringVar(&o.lib.Encoding, "encoding", "", "pick the SAT encoding's options: `POINT=OPTION,...`; see puzzlesat encodings KIND")
}

func (o *options) backendFlags(fs *flag.FlagSet) {
	fs.StringVar(&o.backend, "backend", "dfs", "the backend `NAME`: dfs, sat, both (runs the two and compares) or race (runs the two at once; the first answer wins)")
	fs.DurationVar(&o.timeout, "timeout", 0, "time limit per instance and backend, and of a wait for the next instance from a pipe or a FIFO (0: none)")
	fs.Var(&o.stats, "stats", "print one line of statistics per instance to stderr, the counters that are not zero; --stats=all prints every counter")
	o.budgetFlag(fs)
	o.solverFlag(fs)
}

// statsFlag is --stats: a switch, as --stats or --stats=true, that also
// takes "all" for every counter, zeros included.
type statsFlag int

const (
	statsOff statsFlag = iota
	statsOn
	statsAll
)

func (s *statsFlag) IsBoolFlag() bool { return true }

func (s *statsFlag) String() string {
	if s == nil || *s == statsOff {
		return "false"
	}
	if *s == statsAll {
		return "all"
	}
	return "true"
}

func (s *statsFlag) Set(v string) error {
	if v == "all" {
		*s = statsAll
		return nil
	}
	on, err := strconv.ParseBool(v)
	if err != nil {
		return fmt.Errorf("want true, false or all")
	}
	*s = statsOff
	if on {
		*s = statsOn
	}
	return nil
}

// text returns st as --stats prints it: every counter with all, else
// those that are not zero.
func (s statsFlag) text(st puzzlesat.Stats) string {
	if s == statsAll {
		return fmt.Sprintf("%+v", st)
	}
	return st.String()
}

// solverFlag registers --solver, the SAT backend's solver.
func (o *options) solverFlag(fs *flag.FlagSet) {
	cadical := "cadical (the program"
	if solver.CadicalBuiltIn() {
		cadical = "cadical (in process in this build"
	}
	fs.StringVar(&o.solver, "solver", solver.Default().Name(), "the SAT `solver` of the sat backend: gini (in process), "+cadical+
		"), auto (gini or CaDiCaL in process, whichever suits each query by the table in docs/solvers.md; --stats names the pick), "+
		"portfolio (the solvers in process race every known solver on PATH on each query, no more at once than CPUs, the strongest first), portfolio:A,B,... (those race), a known solver ("+
		strings.Join(solver.Programs(), ", ")+"), or the path of one, run as \"PATH FILE\" and answering in SAT-competition form")
}

// proofFlags registers --proof and --proof-dir, which certify the SAT
// backend's UNSAT answers.
func (o *options) proofFlags(fs *flag.FlagSet) {
	fs.BoolVar(&o.proof, "proof", false, "certify every UNSAT answer an output rests on (no solution, the bound below an optimum, the end of a count): solved again by a solver that writes a DRAT proof (CaDiCaL), and the proof checked before the output is printed; see docs/solvers.md")
	fs.StringVar(&o.proofDir, "proof-dir", "", "keep each checked proof in `DIR` beside the formula it refutes, for puzzlesat check or drat-trim (implies --proof)")
}

// budgetFlag registers --budget, the SAT backend's limit on formulas.
func (o *options) budgetFlag(fs *flag.FlagSet) {
	fs.IntVar(&o.lib.Budget, "budget", 0, fmt.Sprintf("the most `literals` a formula of the SAT backend may hold (0: the solver's default, %d for gini, %d for CaDiCaL in process); an instance over it prints \"too large\"",
		solver.DefaultBudget, solver.CadicalBudget))
}

// timeoutFlag registers --timeout for a command that does one thing:
// the limit of all of it, reading and writing included.
func (o *options) timeoutFlag(fs *flag.FlagSet) {
	fs.DurationVar(&o.timeout, "timeout", 0, "time limit of the command, reading its input and writing included (0: none)")
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
			return nil, usagef("%s: %v%s%s", fs.Name(), err, flagHint(fs, err), seeHelp(fs.Name()))
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, openRedirect(fs)
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// flagHint returns ": did you mean --NAME?" for the error of an unknown
// flag when a flag of fs is near its name, else "".
func flagHint(fs *flag.FlagSet, err error) string {
	name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: ")
	if !ok {
		return ""
	}
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	name = strings.TrimLeft(name, "-")
	if hint := suggest.DidYouMean(name, names, func(n string) string { return "--" + n }); hint != "" {
		return ": " + hint
	}
	return ""
}

// seeHelp returns the pointer to the help of the subcommand name ("solve
// sudoku") that ends a message about a bad flag.
func seeHelp(name string) string { return " (see puzzlesat " + name + " -h)" }

// maxJobs bounds --jobs: each job holds a share of the batch's window.
const maxJobs = 4096

// tooLargeAdvice says how to let a formula that was too large through.
func tooLargeAdvice(tl *solver.TooLarge) string {
	if tl.Limit > 0 {
		return "raise the address-space limit (ulimit -v) to allow it"
	}
	return "raise --budget to allow it"
}

// check validates the common flags.
func (o *options) check() error {
	if o.backend != "" {
		var b puzzlesat.Backend
		if err := b.UnmarshalText([]byte(o.backend)); err != nil {
			hint := suggest.DidYouMean(o.backend, []string{"dfs", "sat", "both", "race"}, strconv.Quote)
			if hint != "" {
				hint = ": " + hint
			}
			return usagef("--backend must be dfs, sat, both or race, not %q%s", o.backend, hint)
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
	o.lib.CountCuts = o.stats != statsOff // else the DFS counts nothing, at no cost
	if o.solver != "" {
		s, err := solver.ParseEngine(o.solver)
		if err != nil {
			return usagef("--solver: %v", err)
		}
		o.lib.Solver = s
		if o.backend == "dfs" && o.solver != solver.Default().Name() {
			o.note("--solver=%s is the sat backend's; --backend=dfs does not use it", o.solver)
		}
	}
	if o.proof || o.proofDir != "" {
		p, err := solver.ParseProver("")
		if err != nil {
			return usagef("--proof: %v", err)
		}
		if o.proofDir != "" {
			if err := os.MkdirAll(o.proofDir, 0o755); err != nil {
				return usagef("--proof-dir: %v", err)
			}
		}
		o.lib.Proof = &solver.Proof{Prover: p, Dir: o.proofDir}
		if o.backend == "dfs" {
			o.note("--proof certifies the sat backend's answers; --backend=dfs does not use it")
		}
	}
	return nil
}

// proofFor returns the options for instance kase (1-based) of file: lib,
// with the proofs' files named after the instance.
func proofFor(lib puzzlesat.Options, file string, kase int) puzzlesat.Options {
	if lib.Proof != nil {
		p := *lib.Proof
		p.Name = fmt.Sprintf("%s-case%d", filepath.Base(file), kase)
		lib.Proof = &p
	}
	return lib
}

// proofLines returns the lines that name the checked proofs behind an
// answer of the SAT backend, for --certificate with --proof: one per
// proof, naming its file when kept.
func (o *options) proofLines(st puzzlesat.Stats) string {
	if o.lib.Proof == nil || st.Backend == puzzlesat.DFS {
		return ""
	}
	if len(st.Proofs) == 0 {
		return "# no bound below it took a SAT answer to refute: nothing to prove\n"
	}
	var b strings.Builder
	for _, p := range st.Proofs {
		if p.DRAT != "" {
			fmt.Fprintf(&b, "# proof that %s is unsatisfiable, checked: %s (formula %s)\n", p.Query, p.DRAT, p.CNF)
		} else {
			fmt.Fprintf(&b, "# proof that %s is unsatisfiable: proof checked\n", p.Query)
		}
	}
	return b.String()
}

// note prints a remark on stderr, unless the input is being read again.
func (o *options) note(format string, args ...any) {
	if o.stderr != nil && !o.quiet {
		fmt.Fprintf(o.stderr, "puzzlesat: "+format+"\n", args...)
	}
}
