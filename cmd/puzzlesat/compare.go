package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/compare"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/solver"
)

// comparison is what compare was asked for: the backends, in order, the
// inputs, and the files to write besides the table.
type comparison struct {
	backends []contender
	inputs   []*input
	jsonPath string
	plotPath string
	format   compare.Format
	// ablate: the backends are configurations, each backend's default
	// and then one technique switched at a time, as configs says.
	configs  []compare.Config
	markdown string // with ablate, also write the summary as Markdown to this path
	repeats  int    // with ablate, the most runs of each configuration on an instance
}

// contender is one backend that compare runs: its name in the table and
// the library options that select it.
type contender struct {
	name string
	opts puzzlesat.Options
}

func runCompare(ctx context.Context, e env, args []string) error {
	var backends, jsonPath, plotPath, markdown string
	var ablate bool
	var repeats int
	k, o, pos, err := kindArgs(e, "compare", args, func(fs *flag.FlagSet, o *options) {
		fs.StringVar(&backends, "backend", "dfs,sat", "the backends to run on each instance, in this order, comma-separated: dfs, sat (gini in process), sat/SOLVER (the SAT backend with SOLVER: portfolio, a known solver or a path)")
		fs.StringVar(&backends, "backends", "dfs,sat", "the same as --backend (its old spelling)")
		fs.DurationVar(&o.timeout, "timeout", 0, "time limit per instance and backend; a run that reaches it is recorded as a timeout and the rest go on (0: none)")
		o.budgetFlag(fs)
		fs.IntVar(&o.jobs, "jobs", 1, "instances run in parallel; the default, one at a time, keeps the runs from disturbing one another's times")
		fs.StringVar(&jsonPath, "json", "", "also write one JSON record per instance and backend to `PATH`")
		fs.StringVar(&plotPath, "plot", "", "also draw the times to `PATH`, an .svg or .png file")
		o.techniqueFlags(fs, true)
		fs.BoolVar(&ablate, "ablate", false, "run each backend's default, then each pruning off in turn (dfs) and each other encoding option (sat), and report each against its default")
		fs.IntVar(&repeats, "repeats", 5, "with --ablate, run each configuration up to `N` times on each instance, interleaved with its default, while the pair fits --timeout, and take the medians")
		fs.StringVar(&markdown, "markdown", "", "with --ablate, also write the summary as a Markdown table to `PATH`")
	})
	if err != nil {
		return err
	}
	c, err := newComparison(e, o, k.name(), pos, backends, jsonPath, plotPath)
	if err != nil {
		return err
	}
	switch {
	case repeats < 1:
		c.close()
		return usagef("--repeats must be at least 1, got %d", repeats)
	case ablate:
		c.backends, c.configs = ablation(k.lib, c.backends)
		c.markdown, c.repeats = markdown, repeats
	case markdown != "":
		c.close()
		return usagef("--markdown goes with --ablate")
	}
	defer c.close()
	return k.compare(ctx, e, o, c)
}

// newComparison checks compare's arguments and opens its inputs, FILE...
// or stdin, instances of kind.
func newComparison(e env, o *options, kind string, files []string, backends, jsonPath, plotPath string) (*comparison, error) {
	base := o.lib
	base.CountCuts = true // each run's counts go in the JSON, and --ablate reads the default's
	cs, err := contenders(backends, base)
	if err != nil {
		return nil, err
	}
	c := &comparison{backends: cs, jsonPath: jsonPath, plotPath: plotPath}
	if plotPath != "" {
		switch strings.ToLower(filepath.Ext(plotPath)) {
		case ".svg":
			c.format = compare.SVG
		case ".png":
			c.format = compare.PNG
		default:
			return nil, usagef("--plot %s: the name must end in .svg or .png", plotPath)
		}
	}
	ins, err := openInputs(e, files, kind+" instances")
	if err != nil {
		return nil, err
	}
	c.inputs = ins
	return c, nil
}

// contenders returns the backends that list names, comma-separated, each
// with base's time limit and budget: "dfs", "sat" (the SAT backend with
// base's solver, gini by default) and "sat/NAME" (with the solver NAME:
// gini, portfolio, a known solver or a path).
func contenders(list string, base puzzlesat.Options) ([]contender, error) {
	var cs []contender
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		opts := base
		switch {
		case name == "dfs":
			opts.Backend = puzzlesat.DFS
		case name == "sat":
			opts.Backend = puzzlesat.SAT
		case strings.HasPrefix(name, "sat/"):
			s, err := solver.ParseEngine(strings.TrimPrefix(name, "sat/"))
			if err != nil {
				return nil, usagef("--backend: %q: %v", name, err)
			}
			opts.Backend, opts.Solver = puzzlesat.SAT, s
		default:
			return nil, usagef("--backend: unknown backend %q: want dfs, sat or sat/SOLVER", name)
		}
		for _, c := range cs {
			if c.name == name {
				return nil, usagef("--backend: %s named twice", name)
			}
		}
		cs = append(cs, contender{name, opts})
	}
	return cs, nil
}

// names returns the backends' names, in order.
func (c *comparison) names() []string {
	names := make([]string, len(c.backends))
	for i, b := range c.backends {
		names[i] = b.name
	}
	return names
}

// files returns the inputs' names, as the table prints them.
func (c *comparison) files() []string {
	names := make([]string, len(c.inputs))
	for i, in := range c.inputs {
		names[i] = in.name
	}
	return names
}

func (c *comparison) close() { closeInputs(c.inputs) }

// compare runs every backend on every instance as the input streams in
// and prints a row per instance as each finishes, after the table's
// header, then the summary, and writes the JSON records and the plot.
// After Ctrl-C the rows and summary hold the instances finished before
// the first unfinished one, and the files are not written: a run that
// did not end leaves what the user had at their paths.
func (k *puzzleKind) compare(ctx context.Context, e env, o *options, c *comparison) error {
	if c.configs != nil {
		return k.ablate(ctx, e, o, c)
	}
	if c.plotPath != "" && len(c.backends) < 2 && k.sizeName() == "" {
		return usagef("--plot: nothing to draw for %s with one backend (it has no size to plot against)", k.name())
	}
	files, err := createOutputs(c)
	if err != nil {
		return err
	}
	defer files.abort()
	lib := k.lib
	table := compare.NewTable(c.names(), c.files(), k.sizeName() != "")
	var recs records
	in := k.stream(o, c.inputs)
	in.header = table.Header()
	err = runBatch(ctx, e, o, in, func(ctx context.Context, i int, x item) result {
		rec, r := k.runAll(ctx, lib, c.backends, x)
		if !r.stopped {
			recs.set(i, rec)
			r.out = table.Row(rec)
		}
		return r
	})
	ins := recs.prefix()
	if len(ins) == 0 {
		return err
	}
	io.WriteString(e.stdout, "\n"+table.Summary(compare.Summarise(c.names(), ins)))
	if !completed(err) {
		return err
	}
	chart := compare.Chart{Kind: k.name(), SizeName: k.sizeName(), Backends: c.names(), Instances: ins}
	if ferr := files.write(ctx, o.timeout, chart, c.format); ferr != nil && !errors.Is(err, errBug) {
		return ferr // a failed write outranks what the runs found
	}
	return err
}

// completed reports whether a batch that ended with err went through its
// whole input: with every answer, or with some failed or wrong.
func completed(err error) bool {
	return err == nil || (errors.Is(err, errFailed) || errors.Is(err, errBug)) && !errors.Is(err, errInputStopped)
}

// records are the records of the instances of a comparison, by their
// place in the input, set by the workers.
type records struct {
	mu sync.Mutex
	m  map[int]*compare.Instance
}

func (r *records) set(i int, rec *compare.Instance) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.m == nil {
		r.m = map[int]*compare.Instance{}
	}
	r.m[i] = rec
}

// prefix returns the records of the first instances up to the first
// without one: those the batch printed.
func (r *records) prefix() []compare.Instance {
	r.mu.Lock()
	defer r.mu.Unlock()
	var ins []compare.Instance
	for i := 0; r.m[i] != nil; i++ {
		ins = append(ins, *r.m[i])
	}
	return ins
}

// runAll runs every backend on one instance, one after the other, and
// returns the instance's record and its result for the batch: failed
// unless every backend found the same answer, a bug when an answer failed
// Verify, and stopped, with no record, when ctx ended during a run.
func (k *puzzleKind) runAll(ctx context.Context, lib solverOf, cs []contender, x item) (*compare.Instance, result) {
	in, r := k.runEach(ctx, lib, cs, x)
	if r.stopped || in.Result() != compare.Disagree {
		return in, r
	}
	r.failed = true
	r.errs += fmt.Sprintf("puzzlesat: %s case %d: the backends differ\n", x.file, x.kase)
	for _, run := range in.Runs {
		if !run.Status.Definite() {
			continue
		}
		text := k.fail(x.p, "no solution")
		if run.Status == compare.Solved {
			text = run.Answer + "\n"
		}
		r.errs += fmt.Sprintf("-- %s:\n%s", run.Backend, text)
	}
	return in, r
}

// runEach runs every contender on one instance, one after the other, and
// returns the instance's record and its result: failed unless every run
// found an answer, a bug when an answer failed Verify, and stopped, with no
// record, when ctx ended during a run.
func (k *puzzleKind) runEach(ctx context.Context, lib solverOf, cs []contender, x item) (*compare.Instance, result) {
	in := &compare.Instance{File: x.file, Case: x.kase}
	if size, ok := k.size(x.p); ok {
		in.Size = size
	}
	var r result
	for _, c := range cs {
		run, rr := k.runOne(ctx, lib, c, x)
		if rr.stopped {
			return nil, rr
		}
		r = r.add(rr)
		in.Runs = append(in.Runs, run)
	}
	return in, r
}

// runOne runs one backend on one instance.
func (k *puzzleKind) runOne(ctx context.Context, lib solverOf, c contender, x item) (compare.Run, result) {
	var r result
	a, st, err := lib.Solve(ctx, x.p, c.opts)
	if ctx.Err() != nil {
		return compare.Run{}, result{stopped: true}
	}
	run := newRun(c.name, st, err)
	if err == nil {
		run.Answer = strings.TrimSuffix(a.Text, "\n")
	}
	switch run.Status {
	case compare.Wrong, compare.Failed:
		r.errs = fmt.Sprintf("puzzlesat: %s case %d: %v\n", x.file, x.kase, err)
	case compare.TooLarge:
		r.errs = fmt.Sprintf("puzzlesat: %s case %d: %v (raise --budget to allow it)\n", x.file, x.kase, err)
	}
	r.failed = run.Status != compare.Solved
	r.bug = run.Status == compare.Wrong
	return run, r
}

// add returns r with what o found too.
func (r result) add(o result) result {
	r.errs += o.errs
	r.failed = r.failed || o.failed
	r.bug = r.bug || o.bug
	return r
}

// newRun records one backend's run from what Solve returned.
func newRun(backend string, st puzzlesat.Stats, err error) compare.Run {
	run := compare.Run{
		Backend: backend, Status: status(err), Time: st.Time,
		Nodes: st.Nodes, Conflicts: st.Conflicts, Decisions: st.Decisions,
		Vars: st.Vars, Clauses: st.Clauses, Solves: st.Solves,
	}
	for _, c := range st.Cuts {
		run.Cuts = append(run.Cuts, compare.Cut{Pruning: c.Pruning, Count: c.Count})
	}
	if run.Status == compare.Wrong || run.Status == compare.Failed {
		run.Err = err.Error()
	}
	return run
}

// status classifies the error of a run whose context did not end.
func status(err error) compare.Status {
	var (
		wa *puzzlesat.WrongAnswer
		tl *solver.TooLarge
	)
	switch {
	case err == nil:
		return compare.Solved
	case errors.As(err, &wa):
		return compare.Wrong
	case errors.As(err, &tl):
		return compare.TooLarge
	case errors.Is(err, puzzlesat.ErrNoSolution):
		return compare.NoSolution
	case errors.Is(err, context.DeadlineExceeded):
		return compare.Timeout
	}
	return compare.Failed
}

// outputs are the files compare writes besides the table, created before
// the first instance runs so that a bad path fails at once.
type outputs struct {
	json, plot, markdown *output
}

// createOutputs creates the files c names, after checking that no two of
// them are one file.
func createOutputs(c *comparison) (*outputs, error) {
	paths := []string{c.jsonPath, c.plotPath, c.markdown}
	flags := []string{"--json", "--plot", "--markdown"}
	for i, p := range paths {
		for j := range i {
			if p != "" && paths[j] != "" && sameFile(p, paths[j]) {
				return nil, usagef("%s and %s name one file, %s", flags[j], flags[i], p)
			}
		}
	}
	var o outputs
	for i, f := range []**output{&o.json, &o.plot, &o.markdown} {
		if paths[i] == "" {
			continue
		}
		out, err := createOutput(paths[i])
		if err != nil {
			o.abort()
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err // its path is the temporary file's
			}
			return nil, fmt.Errorf("%s %s: %w", flags[i], paths[i], err)
		}
		*f = out
	}
	return &o, nil
}

// sameFile reports whether paths a and b name one file: the same path
// once made absolute, or, for files that exist, the same file.
func sameFile(a, b string) bool {
	aa, err1 := filepath.Abs(a)
	ab, err2 := filepath.Abs(b)
	if err1 == nil && err2 == nil && aa == ab {
		return true
	}
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}

// abort removes every file created so far and not committed.
func (o *outputs) abort() {
	for _, f := range []*output{o.json, o.plot, o.markdown} {
		if f != nil {
			f.abort()
		}
	}
}

// write writes the JSON records and the plot of chart; a file written in
// place waits for its reader at most timeout (0: until Ctrl-C).
func (o *outputs) write(ctx context.Context, timeout time.Duration, chart compare.Chart, f compare.Format) error {
	return o.finish(ctx, timeout, func(w io.Writer) error { return compare.WriteJSON(w, chart.Kind, chart.Instances) },
		func(w io.Writer) error { return compare.Plot(w, f, chart) }, nil)
}

// finish writes the JSON file with json, the plot with plot and the
// Markdown with markdown, and commits each; a file whose writing failed
// is aborted, so that its path keeps what it held. It returns the errors,
// each with its file's name.
func (o *outputs) finish(ctx context.Context, timeout time.Duration, json, plot, markdown func(io.Writer) error) error {
	var errs []error
	for _, out := range []struct {
		f     *output
		write func(io.Writer) error
	}{{o.json, json}, {o.plot, plot}, {o.markdown, markdown}} {
		if out.f == nil {
			continue
		}
		octx, cancel := inputDeadline(ctx, timeout)
		err := out.f.open(octx)
		if err == nil {
			err = out.write(ctxWriter{octx, out.f})
		}
		if err == nil {
			err = out.f.commit()
		} else {
			out.f.abort()
		}
		cancel()
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", out.f.Name(), unwrapPath(err, out.f.Name())))
		}
	}
	return errors.Join(errs...)
}

// unwrapPath returns err without the path it names when that is path,
// which the message gives already.
func unwrapPath(err error, path string) error {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path == path {
		return pe.Err
	}
	return err
}

// solverOf is what compare runs: puzzlesat.Kind's Solve, or a test's
// record of the runs.
type solverOf interface {
	Solve(ctx context.Context, p kind.Instance, o puzzlesat.Options) (puzzlesat.Answer, puzzlesat.Stats, error)
}
