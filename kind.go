package puzzlesat

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"time"

	searchx "github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// Instance is what every puzzle type of package puzzle provides for its
// answers of type A.
type Instance[A any] interface {
	// Verify returns nil if a is a valid answer: what can be checked
	// alone (the digits add up, the grid is valid, the sticks are made of
	// the pieces). That an optimum is optimal rests on the backends
	// agreeing.
	Verify(a A) error
	// Format returns the judge's output for a.
	Format(a A) string
	// String returns the instance in judge input format.
	String() string
}

// Kind is one kind of puzzle, with instances of type I and answers of
// type A: its parser and the two backends that solve it. Make one with
// its constructor, such as Sudoku, or find it by name with Lookup, its
// types hidden; Kinds lists every kind.
// A Kind holds no state and is safe for concurrent use.
type Kind[I Instance[A], A any] struct {
	name      string
	summary   string // what the kind is, in a line
	scan      func(file string, r io.Reader, o ParseOptions, yield func(I) error) error
	canonical bool                // the judge's answer is one value (an optimum, digit-puzzle's least pattern)
	prunings  []technique.Pruning // the DFS's, which dfs and countDFS read from a Set
	encodings []technique.Choice  // the SAT encoding's, which sat, countSAT and query read from Picks
	dfs       func(context.Context, I, technique.Set) (A, searchx.Stats, error)
	sat       func(context.Context, I, solver.Config, technique.Picks) (A, solver.Stats, error)
	countDFS  func(context.Context, I, int, technique.Set) (int, searchx.Stats, error)
	// chapter is the chapter's own search, which the preset "chapter"
	// selects, for the kinds whose example the chapter works through;
	// its prunings are nil for the others.
	chapter  search[I, A]
	countSAT func(context.Context, I, int, solver.Config, technique.Picks) (int, solver.Stats, error)
	// query returns the CNF question about p at bound and its name; c's
	// budget bounds the formula, and ctx stops a long build.
	query func(ctx context.Context, p I, bound int, c solver.Config, enc technique.Picks) (solver.Query[A], string, error)
	// bound returns the bound at which an answer is the optimum, for the
	// kinds whose query takes one, and a note when it is not the answer's
	// own (cake's "no cake" answer); nil for the others. boundName is the
	// command's flag for it and boundDoc what it sets.
	bound               func(p I, a A) (int, string)
	boundName, boundDoc string
	// size is what compare plots times against, such as the letters of
	// an alphametic, and sizeName what it counts; nil for a kind without
	// a size worth plotting.
	size     func(I) int
	sizeName string
	parse    []string // the fields of ParseOptions the kind reads
	gen      generator[I]
	// tables: the DFS sizes tables to its share of Options.Memory (the
	// sticks search's memo and bitsets); the others' runs are not given
	// the share, which would cost each instance of a batch a context.
	tables bool
}

// GenParams returns the parameters of the kind's generator of random
// instances.
func (k *Kind[I, A]) GenParams() []GenParam { return slices.Clone(k.gen.params) }

// Generate returns a random instance, reproducibly from rng, with the
// generator's parameters as v sets them; a value out of its range is an
// error.
func (k *Kind[I, A]) Generate(rng *rand.Rand, v GenValues) (I, error) {
	var zero I
	if k.gen.make == nil {
		return zero, fmt.Errorf("%s has no generator", k.name)
	}
	v, err := v.complete(k.gen.params)
	if err != nil {
		return zero, err
	}
	return k.gen.make(rng, v)
}

// Name returns the kind's name on the command line, such as "sudoku".
func (k *Kind[I, A]) Name() string { return k.name }

// CanCount reports whether Count is defined for the kind: it is for the
// puzzles whose answers can be counted, not for the optimisation kinds.
func (k *Kind[I, A]) CanCount() bool { return k.countDFS != nil }

// HasBound reports whether the kind asks for an optimum, so that its
// queries take a bound (sticks: the stick length, cake: the area, cats:
// the number of cars) and Encode asks about the optimum when given none.
func (k *Kind[I, A]) HasBound() bool { return k.bound != nil }

// Canonical reports whether the judge's answer is one value whatever
// backend, solver or techniques find it: an optimum (sticks, cake, cats)
// or digit-puzzle's least pattern. For the other kinds a puzzle may have
// several answers, and two runs may find different ones.
func (k *Kind[I, A]) Canonical() bool { return k.canonical }

// Check checks o's Prunings and Encoding against the kind's, and returns
// the notes of prunings switched off because they need one that o
// switches off. An unknown name is an error that lists the valid ones.
func (k *Kind[I, A]) Check(o Options) ([]string, error) {
	_, _, notes, err := k.techniques(o)
	return notes, err
}

// resolve resolves o's prunings and encoding as techniques does, once
// per o.Session for the same kind and switches: each instance of a batch
// asks again, and resolving took a 9x9 puzzle about 2,000 instructions.
func (k *Kind[I, A]) resolve(o Options) (technique.Set, technique.Picks, error) {
	s := o.Session
	if s != nil && s.resolved.kind == k.name && s.resolved.prunings == o.Prunings && s.resolved.encoding == o.Encoding {
		return s.resolved.set, s.resolved.picks, nil
	}
	set, picks, _, err := k.techniques(o)
	if err == nil && s != nil {
		s.resolved = resolution{kind: k.name, prunings: o.Prunings, encoding: o.Encoding, set: set, picks: picks}
	}
	return set, picks, err
}

// techniques resolves o's prunings and encoding.
func (k *Kind[I, A]) techniques(o Options) (technique.Set, technique.Picks, []string, error) {
	set, notes, err := k.searches().Resolve(o.Prunings)
	if err != nil {
		return set, technique.Picks{}, nil, fmt.Errorf("%s: %w", k.name, err)
	}
	picks, err := technique.ResolveEncoding(k.encodings, o.Encoding)
	if err != nil {
		return set, picks, nil, fmt.Errorf("%s: %w", k.name, err)
	}
	return set, picks, notes, nil
}

// Scan reads the instances of r, in the kind's judge format (see package
// puzzle and the README), and calls yield with each as soon as it is
// read; it stops at the first error of the input or of yield. file names
// r in errors, which are *puzzle.ParseError values giving the line. An
// input with no instance is an error.
func (k *Kind[I, A]) Scan(file string, r io.Reader, o ParseOptions, yield func(I) error) error {
	return k.scan(file, r, o, yield)
}

// Parse reads every instance of r, as Scan does.
func (k *Kind[I, A]) Parse(file string, r io.Reader, o ParseOptions) ([]I, error) {
	var ps []I
	if err := k.scan(file, r, o, func(p I) error { ps = append(ps, p); return nil }); err != nil {
		return nil, err
	}
	return ps, nil
}

// Solve solves p with the backends o names and returns an answer that
// passed p's Verify (with Race, the first backend's to settle p). The error is ErrNoSolution when p has no answer,
// *WrongAnswer when a backend's answer fails Verify (a bug),
// *Disagreement when the two backends of Both disagree, *TooLarge when a
// SAT formula is over the budget, or another error naming the backend (a
// deadline or cancel among them).
func (k *Kind[I, A]) Solve(ctx context.Context, p I, o Options) (A, Stats, error) {
	set, picks, err := k.resolve(o)
	if err != nil {
		var zero A
		return zero, Stats{}, err
	}
	switch o.Backend {
	case Race:
		return race(ctx, func(ctx context.Context, b Backend) outcome[A] { return k.solveBy(ctx, b, p, o, set, picks) }, nil)
	case Both:
		outs := []outcome[A]{k.solveBy(ctx, DFS, p, o, set, picks), k.solveBy(ctx, SAT, p, o, set, picks)}
		d := &Disagreement{answers: true, optimum: k.HasBound()}
		return decide(outs, func(x, y A) bool { return p.Format(x) == p.Format(y) }, d)
	}
	out := k.solveBy(ctx, o.Backend, p, o, set, picks)
	return out.res, out.st, out.err
}

// dfsContext returns the context of a DFS run under ctx and o.
func (k *Kind[I, A]) dfsContext(ctx context.Context, o Options) context.Context {
	if !k.tables {
		return ctx
	}
	return o.Memory.dfs(ctx)
}

// solveBy runs backend b on p and verifies its answer.
func (k *Kind[I, A]) solveBy(ctx context.Context, b Backend, p I, o Options, set technique.Set, picks technique.Picks) outcome[A] {
	out := timed(b, func() (A, Stats, error) {
		ctx, cancel := o.withTimeout(ctx) // inside the clock: a timed-out run took the whole timeout
		defer cancel()
		if b == DFS {
			dfs, ps := k.dfsOf(set)
			a, st, err := dfs(k.dfsContext(ctx, o), p, set)
			return a, dfsStats(st, ps, set), err
		}
		c := o.config()
		c.Lease = o.Memory.lease()
		defer c.Lease.Release()
		a, st, err := k.sat(ctx, p, c, picks)
		return a, satStats(st), err
	})
	if out.err == nil {
		if err := p.Verify(out.res); err != nil {
			out.err = &WrongAnswer{Backend: b, Err: err}
		}
	}
	return out
}

// Count returns the number of answers of p, stopping at limit: a result
// equal to limit means limit or more. A limit of 0 counts every answer,
// as far as o's Timeout and budget let it. With Both the two counts must
// agree, else the error is a *Disagreement. A count stopped early, by a
// deadline, a cancel or a *TooLarge formula, returns that error with the
// answers counted so far (the most of the backends'), a lower bound.
// Kinds that cannot count (see CanCount) return an error wrapping
// errors.ErrUnsupported, and a negative limit is an error.
func (k *Kind[I, A]) Count(ctx context.Context, p I, limit int, o Options) (int, Stats, error) {
	if !k.CanCount() {
		return 0, Stats{}, fmt.Errorf("count is not defined for %s: %w", k.name, errors.ErrUnsupported)
	}
	if limit < 0 {
		return 0, Stats{}, fmt.Errorf("count limit %d: want 0 (every answer) or more", limit)
	}
	set, picks, err := k.resolve(o)
	if err != nil {
		return 0, Stats{}, err
	}
	if set.Chapter() && o.Backend != SAT {
		return 0, Stats{}, fmt.Errorf("count is not defined for the chapter's search of %s, which stops at its first answer: %w", k.name, errors.ErrUnsupported)
	}
	run := func(ctx context.Context, b Backend) outcome[int] {
		return timed(b, func() (int, Stats, error) {
			ctx, cancel := o.withTimeout(ctx)
			defer cancel()
			if b == DFS {
				n, st, err := k.countDFS(k.dfsContext(ctx, o), p, limit, set)
				return n, dfsStats(st, k.prunings, set), err
			}
			c := o.config()
			c.Lease = o.Memory.lease()
			defer c.Lease.Release()
			n, st, err := k.countSAT(ctx, p, limit, c, picks)
			return n, satStats(st), err
		})
	}
	if o.Backend == Race {
		return race(ctx, run, func(x, y int) int { return max(x, y) })
	}
	outs := make([]outcome[int], 0, 2)
	for _, b := range o.Backend.runs() {
		outs = append(outs, run(ctx, b))
	}
	n, st, err := decide(outs, func(x, y int) bool { return x == y }, &Disagreement{})
	if err != nil && !errors.As(err, new(*Disagreement)) {
		n = counted(outs)
	}
	return n, st, err
}

// counted returns the most answers that the runs of outs counted before
// they stopped, a lower bound when one stopped early.
func counted(outs []outcome[int]) int {
	n := 0
	for _, o := range outs {
		n = max(n, o.res)
	}
	return n
}

// race runs DFS and SAT at once and returns the first outcome that
// settles the instance, an answer or "no solution", stopping the other
// run; when neither settles it, the first error, in backend order, with
// what partial makes of the two results (the zero R when partial is
// nil). A wrong answer is a bug and ends the race as it is.
func race[R any](ctx context.Context, run func(context.Context, Backend) outcome[R], partial func(x, y R) R) (R, Stats, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan outcome[R], 2)
	for _, b := range []Backend{DFS, SAT} {
		go func() { done <- run(ctx, b) }()
	}
	var outs [2]outcome[R]
	won := -1
	for range 2 {
		out := <-done
		i := int(out.st.Backend) // DFS 0, SAT 1
		outs[i] = out
		var wa *WrongAnswer
		if won < 0 && (out.err == nil || errors.Is(out.err, ErrNoSolution) || errors.As(out.err, &wa)) {
			won = i
			cancel()
		}
	}
	if won >= 0 {
		lost := &outs[1-won]
		lost.st.Cancelled = errors.Is(lost.err, context.Canceled)
	}
	st := merge([]Stats{outs[0].st, outs[1].st})
	st.Backend = Race
	if won < 0 {
		var res R
		if partial != nil {
			res = partial(outs[0].res, outs[1].res)
		}
		return res, st, cmp.Or(outs[0].err, outs[1].err)
	}
	st.Won = Backend(won)
	return outs[won].res, st, outs[won].err
}

// outcome is what one backend's run gave: an answer or a count, or an
// error.
type outcome[R any] struct {
	res R
	st  Stats
	err error
}

// timed runs one backend and records its wall time; errors other than
// "no solution" and wrong answers are wrapped with the backend's name.
func timed[R any](b Backend, run func() (R, Stats, error)) outcome[R] {
	start := time.Now()
	res, st, err := run()
	st.Backend, st.Time = b, time.Since(start)
	if err != nil && !errors.Is(err, ErrNoSolution) {
		err = fmt.Errorf("%v backend: %w", b, err)
	}
	return outcome[R]{res, st, err}
}

// decide turns the outcomes of one or two backends into the result: the
// first error other than "no solution", in backend order; else, for two
// backends, their common result, or "no solution" from both, or d with
// the two results.
func decide[R any](outs []outcome[R], same func(x, y R) bool, d *Disagreement) (R, Stats, error) {
	var zero R
	st := outs[0].st
	if len(outs) > 1 {
		parts := make([]Stats, len(outs))
		for i, o := range outs {
			parts[i] = o.st
		}
		st = merge(parts)
	}
	for _, o := range outs {
		if o.err != nil && !errors.Is(o.err, ErrNoSolution) {
			return zero, st, o.err
		}
	}
	first := outs[0]
	if len(outs) == 1 {
		return first.res, st, first.err
	}
	second := outs[1]
	switch {
	case first.err != nil && second.err != nil:
		st.Agreed = true // no solution, both
		return zero, st, first.err
	case first.err == nil && second.err == nil && same(first.res, second.res):
		st.Agreed = true
		return first.res, st, nil
	}
	if first.err == nil {
		d.DFS = first.res
	}
	if second.err == nil {
		d.SAT = second.res
	}
	return zero, st, d
}
