package puzzlesat

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/trace"
)

// Puzzle is a Kind with its types hidden, so that every kind can be kept
// in one list (Kinds), looked up by name (Lookup) and run by code that
// knows none of them, as the command does. Instances travel as Problem
// values (each of them of the kind's instance type, as Scan yields it),
// and answers as Answer values.
type Puzzle interface {
	// Name returns the kind's name, such as "sudoku".
	Name() string
	// CanCount reports whether Count is defined for the kind.
	CanCount() bool
	// HasBound reports whether the kind asks for an optimum, so that
	// its queries take a bound.
	HasBound() bool
	// Certifies reports whether the kind's answers carry a witness
	// beside the judge's answer (Answer.Certificate): sticks, cake, cats.
	Certifies() bool
	// Grids reports whether the kind's answers can be drawn as a grid
	// (Grid): sudoku, queens.
	Grids() bool
	// Grid returns a, an answer to p, drawn as a grid for people to read
	// (the command's --grid); "" for a kind that Grids does not report.
	Grid(p Problem, a Answer) string
	// Canonical reports whether the judge's answer is one value whatever
	// finds it, as Kind.Canonical does.
	Canonical() bool
	// Prunings returns the prunings of the kind's own DFS.
	Prunings() []Pruning
	// Searches returns the kind's depth-first searches with their
	// prunings, its own first, then the chapter's if it has one; Presets
	// the presets that Options.Prunings may start with; SearchOf the
	// search that a list of switches selects.
	Searches() []Search
	Presets() []Preset
	SearchOf(spec string) (Search, error)
	// Encodings returns the choice points of the kind's SAT encoding.
	Encodings() []Choice
	// Check checks o's Prunings and Encoding as Kind.Check does.
	Check(o Options) ([]string, error)
	// ParsePrunings and ParseEncoding check one switch list each, as
	// Kind.ParsePrunings and Kind.ParseEncoding do.
	ParsePrunings(spec string) (string, []string, error)
	ParseEncoding(spec string) (string, error)
	// Scan reads the instances of r as Kind.Scan does.
	Scan(file string, r io.Reader, o ParseOptions, yield func(Problem) error) error
	// Solve solves p as Kind.Solve does. A *Disagreement holds Answer
	// values.
	Solve(ctx context.Context, p Problem, o Options) (Answer, Stats, error)
	// Count counts the answers of p as Kind.Count does.
	Count(ctx context.Context, p Problem, limit int, o Options) (int, Stats, error)
	// Encode returns the query about p at bound as Kind.Encode does.
	Encode(ctx context.Context, p Problem, bound int, o Options) (*Export[Answer], error)
	// Trace solves p by the DFS and records its search tree as
	// Kind.Trace does.
	Trace(ctx context.Context, p Problem, o Options, nodes int) (*trace.Tree, Answer, Stats, error)

	// Summary says what the kind is, in a line.
	Summary() string
	// Size returns p's size, what compare plots times against, and
	// SizeName what it counts; false for a kind without one.
	Size(p Problem) (int, bool)
	SizeName() string
	// BoundName names the bound of the kind's queries, as the command's
	// flag ("length" for sticks), and BoundDoc says what it sets; "" for
	// a kind whose queries take none.
	BoundName() string
	BoundDoc() string
	// ParseFlags names the fields of ParseOptions that the kind reads,
	// as the command's flags: "alphabet", "base", "max-piece".
	ParseFlags() []string
	// GenParams lists the parameters of the generator of random
	// instances, and Generate makes one; GenTrailer is what the judge's
	// format prints after the last instance ("0\n" for sticks), if any.
	GenParams() []GenParam
	Generate(rng *rand.Rand, v GenValues) (Problem, error)
	GenTrailer() string
}

// Problem is one instance of some kind: a value of that kind's instance
// type of package puzzle, such as sudoku.Instance. String gives it in the
// judge's input format.
type Problem interface {
	String() string
}

// Answer is an answer of some kind, as a Puzzle returns it.
type Answer struct {
	Value       any    // of the kind's answer type, such as sudoku.Answer
	Text        string // the judge's output for it, with its final newline
	Certificate string // the witness, in lines starting with "#" (sticks, cake, cats); else ""
}

// Puzzle returns k with its types hidden.
func (k *Kind[I, A]) Puzzle() Puzzle {
	var p I
	_, certifies := any(p).(certifier[A])
	_, grids := any(p).(gridder[A])
	return erased[I, A]{k, certifies, grids}
}

// erased is a Kind as a Puzzle.
type erased[I Instance[A], A any] struct {
	k         *Kind[I, A]
	certifies bool // its instances are certifiers: asked once, as each asking looks the method up
	grids     bool // its instances are gridders
}

// certifier is an instance whose answers carry a witness.
type certifier[A any] interface {
	Certificate(a A) string
}

// gridder is an instance whose answers can be drawn as a grid.
type gridder[A any] interface {
	Grid(a A) string
}

func (e erased[I, A]) Name() string        { return e.k.Name() }
func (e erased[I, A]) CanCount() bool      { return e.k.CanCount() }
func (e erased[I, A]) HasBound() bool      { return e.k.HasBound() }
func (e erased[I, A]) Canonical() bool     { return e.k.Canonical() }
func (e erased[I, A]) Prunings() []Pruning { return e.k.Prunings() }
func (e erased[I, A]) Encodings() []Choice { return e.k.Encodings() }
func (e erased[I, A]) Searches() []Search  { return e.k.Searches() }
func (e erased[I, A]) Presets() []Preset   { return e.k.Presets() }
func (e erased[I, A]) SearchOf(spec string) (Search, error) {
	return e.k.SearchOf(spec)
}
func (e erased[I, A]) Check(o Options) ([]string, error) { return e.k.Check(o) }
func (e erased[I, A]) ParsePrunings(spec string) (string, []string, error) {
	return e.k.ParsePrunings(spec)
}
func (e erased[I, A]) ParseEncoding(spec string) (string, error) { return e.k.ParseEncoding(spec) }
func (e erased[I, A]) Summary() string                           { return e.k.summary }
func (e erased[I, A]) SizeName() string                          { return e.k.sizeName }
func (e erased[I, A]) BoundName() string                         { return e.k.boundName }
func (e erased[I, A]) BoundDoc() string                          { return e.k.boundDoc }
func (e erased[I, A]) ParseFlags() []string                      { return slices.Clone(e.k.parse) }
func (e erased[I, A]) GenParams() []GenParam                     { return e.k.GenParams() }
func (e erased[I, A]) GenTrailer() string                        { return e.k.gen.trailer }

func (e erased[I, A]) Size(p Problem) (int, bool) {
	x, ok := p.(I)
	if !ok || e.k.size == nil {
		return 0, false
	}
	return e.k.size(x), true
}

func (e erased[I, A]) Generate(rng *rand.Rand, v GenValues) (Problem, error) {
	return e.k.Generate(rng, v)
}

func (e erased[I, A]) Certifies() bool { return e.certifies }
func (e erased[I, A]) Grids() bool     { return e.grids }

func (e erased[I, A]) Grid(p Problem, a Answer) string {
	x, ok := p.(I)
	v, okA := a.Value.(A)
	if !e.grids || !ok || !okA {
		return ""
	}
	return any(x).(gridder[A]).Grid(v)
}

func (e erased[I, A]) Scan(file string, r io.Reader, o ParseOptions, yield func(Problem) error) error {
	return e.k.Scan(file, r, o, func(p I) error { return yield(p) })
}

// instance returns p as the kind's instance type.
func (e erased[I, A]) instance(p Problem) (I, error) {
	x, ok := p.(I)
	if !ok {
		return x, fmt.Errorf("%s cannot take an instance of type %T", e.k.name, p)
	}
	return x, nil
}

// answer returns a with its text.
func (e erased[I, A]) answer(p I, a A) Answer {
	ans := Answer{Value: a, Text: p.Format(a)}
	if e.certifies {
		ans.Certificate = any(p).(certifier[A]).Certificate(a)
	}
	return ans
}

func (e erased[I, A]) Solve(ctx context.Context, p Problem, o Options) (Answer, Stats, error) {
	x, err := e.instance(p)
	if err != nil {
		return Answer{}, Stats{}, err
	}
	a, st, err := e.k.Solve(ctx, x, o)
	if err != nil {
		if d := (*Disagreement)(nil); errors.As(err, &d) {
			err = e.disagreement(x, d)
		}
		return Answer{}, st, err
	}
	return e.answer(x, a), st, nil
}

// disagreement returns d with its answers as Answer values.
func (e erased[I, A]) disagreement(p I, d *Disagreement) *Disagreement {
	out := *d
	for _, side := range []*any{&out.DFS, &out.SAT} {
		if a, ok := (*side).(A); ok {
			*side = e.answer(p, a)
		}
	}
	return &out
}

func (e erased[I, A]) Count(ctx context.Context, p Problem, limit int, o Options) (int, Stats, error) {
	x, err := e.instance(p)
	if err != nil {
		return 0, Stats{}, err
	}
	return e.k.Count(ctx, x, limit, o)
}

func (e erased[I, A]) Trace(ctx context.Context, p Problem, o Options, nodes int) (*trace.Tree, Answer, Stats, error) {
	x, err := e.instance(p)
	if err != nil {
		return nil, Answer{}, Stats{}, err
	}
	t, a, st, err := e.k.Trace(ctx, x, o, nodes)
	if err != nil {
		return t, Answer{}, st, err
	}
	return t, e.answer(x, a), st, nil
}

func (e erased[I, A]) Encode(ctx context.Context, p Problem, bound int, o Options) (*Export[Answer], error) {
	x, err := e.instance(p)
	if err != nil {
		return nil, err
	}
	q, err := e.k.Encode(ctx, x, bound, o)
	if err != nil {
		return nil, err
	}
	return &Export[Answer]{
		Name: q.Name, Hash: q.Hash, Note: q.Note,
		query:  erasedQuery[I, A]{e, x, q.query},
		verify: func(a Answer) error { return x.Verify(a.Value.(A)) },
	}, nil
}

// erasedQuery is a query whose answers are Answer values.
type erasedQuery[I Instance[A], A any] struct {
	e erased[I, A]
	p I
	q interface {
		Formula() *cnf.CNF
		Decode(cnf.Model) (A, error)
	}
}

func (q erasedQuery[I, A]) Formula() *cnf.CNF { return q.q.Formula() }

func (q erasedQuery[I, A]) Decode(m cnf.Model) (Answer, error) {
	a, err := q.q.Decode(m)
	if err != nil {
		return Answer{}, err
	}
	return q.e.answer(q.p, a), nil
}
