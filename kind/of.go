package kind

import (
	"context"
	"fmt"
	"io"
	"io/fs"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// Typed is what a kind's instance type provides for its answers, of type
// A.
type Typed[A any] interface {
	Instance
	Format(a A) string
	Verify(a A) error
}

// Spec is a Kind told in the kind's own types, which New makes the Kind
// of.
type Spec[I Typed[A], A any] struct {
	Name, Summary string
	Scan          func(file string, r io.Reader, o ScanOptions, yield func(I) error) error
	// Own is the kind's own depth-first search; Chapter, when its Run is
	// not nil, the chapter's, which the preset "chapter" selects.
	Own, Chapter SearchOf[I, A]
	Encodings    []technique.Choice
	SAT          func(ctx context.Context, p I, c solver.Config, enc technique.Picks) (A, solver.Stats, error)
	// Samples holds the kind's judge inputs (*.in) at its root: an
	// embedded testdata folder, seen through fs.Sub.
	Samples fs.FS
}

// SearchOf is a depth-first search of a kind, in its own types.
type SearchOf[I, A any] struct {
	Doc      string // what the search is, in a line
	Prunings []technique.Pruning
	Run      func(ctx context.Context, p I, run search.Run) (A, search.Stats, error)
}

// Of is the Kind of a Spec. A kind's package embeds it in the type it
// registers, which adds the optional interfaces the kind has.
type Of[I Typed[A], A any] struct {
	spec Spec[I, A]
}

// New returns the Kind of s.
func New[I Typed[A], A any](s Spec[I, A]) Of[I, A] { return Of[I, A]{s} }

func (k Of[I, A]) Name() string    { return k.spec.Name }
func (k Of[I, A]) Summary() string { return k.spec.Summary }

func (k Of[I, A]) Scan(file string, r io.Reader, o ScanOptions, yield func(Instance) error) error {
	return k.spec.Scan(file, r, o, func(p I) error { return yield(p) })
}

func (k Of[I, A]) Format(p Instance, a Answer) string { return p.(I).Format(a.(A)) }
func (k Of[I, A]) Verify(p Instance, a Answer) error {
	x, ok := a.(A)
	if !ok {
		return fmt.Errorf("%s cannot take an answer of type %T", k.spec.Name, a)
	}
	return p.(I).Verify(x)
}

// Searches returns the kind's own search, then the chapter's if it has
// one.
func (k Of[I, A]) Searches() []Search {
	out := []Search{{Doc: k.spec.Own.Doc, Prunings: k.spec.Own.Prunings}}
	if k.spec.Chapter.Run != nil {
		out = append(out, Search{Name: technique.Chapter, Doc: k.spec.Chapter.Doc, Prunings: k.spec.Chapter.Prunings})
	}
	return out
}

// DFS runs the search run.Prunings selects.
func (k Of[I, A]) DFS(ctx context.Context, p Instance, run search.Run) (Answer, search.Stats, error) {
	s := k.spec.Own
	if run.Prunings.Chapter() && k.spec.Chapter.Run != nil {
		s = k.spec.Chapter
	}
	a, st, err := s.Run(ctx, p.(I), run)
	return a, st, err
}

func (k Of[I, A]) Encodings() []technique.Choice { return k.spec.Encodings }

// Samples returns the kind's judge inputs, nil for none.
func (k Of[I, A]) Samples() fs.FS { return k.spec.Samples }

func (k Of[I, A]) SAT(ctx context.Context, p Instance, c solver.Config, enc technique.Picks) (Answer, solver.Stats, error) {
	a, st, err := k.spec.SAT(ctx, p.(I), c, enc)
	return a, st, err
}

var _ Kind = Of[nilInstance, struct{}]{}

// nilInstance is an instance type for the assertion above.
type nilInstance struct{}

func (nilInstance) String() string         { return "" }
func (nilInstance) Format(struct{}) string { return "" }
func (nilInstance) Verify(struct{}) error  { return nil }

// Erase returns the query q, of answers of type A, as a query of Answer
// values, with name and err as they are: what an Encoder's Query returns
// from the typed query of its kind.
func Erase[A any](q solver.Query[A], name string, err error) (solver.Query[Answer], string, error) {
	if err != nil || q == nil {
		return nil, name, err
	}
	return erased[A]{q}, name, nil
}

// erased is a query of answers of type A as one of Answer values.
type erased[A any] struct{ q solver.Query[A] }

func (e erased[A]) Formula() *cnf.CNF { return e.q.Formula() }

func (e erased[A]) Decode(m cnf.Model) (Answer, error) {
	a, err := e.q.Decode(m)
	return a, err
}
