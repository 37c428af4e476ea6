// Package kind is what a puzzle kind provides to puzzlesat, as
// database/sql/driver is what a database driver provides to database/sql:
// a Kind, with the parser, the printer, Verify and the two backends of one
// kind of puzzle, and the optional interfaces below for what only some
// kinds have. A kind's package registers its Kind from its init
// (Register); package puzzlesat runs it, through either backend or both,
// verifying every answer.
//
// Instances and answers cross this interface as the kind's own types in
// an interface value: a Kind's methods are given only the instances its
// Scan (or Generate) made and the answers its backends returned, and may
// assert their types.
package kind

import (
	"context"
	"io"
	"io/fs"

	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// Instance is one puzzle of a kind, a value of the kind's instance type;
// String gives it in the judge's input format.
type Instance interface {
	String() string
}

// Answer is an answer of a kind, a value of the kind's answer type.
type Answer any

// Kind is one kind of puzzle.
type Kind interface {
	// Name returns the kind's name on the command line, such as "sudoku".
	Name() string
	// Summary says what the kind is, in a line.
	Summary() string
	// Scan reads the instances of r in the judge's input format and
	// calls yield with each as soon as it is read; it stops at the first
	// error of the input or of yield. file names r in errors, which are
	// *puzzle.ParseError values giving the line. An input with no
	// instance is an error. o holds the values of its options.
	Scan(file string, r io.Reader, o ScanOptions, yield func(Instance) error) error
	// Format returns the judge's output for a, an answer to p.
	Format(p Instance, a Answer) string
	// Verify returns nil if a is a valid answer to p: what can be checked
	// alone. That an optimum is optimal rests on the backends agreeing.
	Verify(p Instance, a Answer) error
	// Searches returns the kind's depth-first searches with their
	// prunings: its own first, then the chapter's, when the chapter on
	// pruning works the kind through.
	Searches() []Search
	// DFS solves p by the search run selects (run.Prunings: the preset
	// "chapter" selects the chapter's), with run's memory and sink.
	DFS(ctx context.Context, p Instance, run search.Run) (Answer, search.Stats, error)
	// Encodings returns the choice points of the kind's SAT encoding.
	Encodings() []technique.Choice
	// SAT solves p through CNF with the solvers c makes, in the
	// formulation enc picks.
	SAT(ctx context.Context, p Instance, c solver.Config, enc technique.Picks) (Answer, solver.Stats, error)
}

// Search is one of a kind's depth-first searches with its prunings.
type Search struct {
	// Name is "" for the kind's own search, and the preset that selects
	// it ("chapter") for another.
	Name     string
	Doc      string // what the search is, in a line
	Prunings []technique.Pruning
}

// Counter is a kind whose answers can be counted, by both backends. A
// limit of 0 counts every answer; a count stopped by its context or its
// limit returns what it counted with the error.
type Counter interface {
	CountDFS(ctx context.Context, p Instance, limit int, run search.Run) (int, search.Stats, error)
	CountSAT(ctx context.Context, p Instance, limit int, c solver.Config, enc technique.Picks) (int, solver.Stats, error)
}

// Optimizer is a kind whose answer is an optimum, whose queries ask
// about a bound (for sticks, the stick length).
type Optimizer interface {
	// Bound returns the bound at which a is the optimum, and a note when
	// it is not a's own (cake's "no cake" answer).
	Bound(p Instance, a Answer) (int, string)
	// BoundFlag names the bound as the command's flag ("length") and
	// says what it sets.
	BoundFlag() Flag
}

// Encoder is a kind whose CNF can be written out and its models read
// back: Query returns the question about p at bound (0 for the kind's
// usual one, or the optimum's for an Optimizer), and its name.
type Encoder interface {
	Query(ctx context.Context, p Instance, bound int, c solver.Config, enc technique.Picks) (solver.Query[Answer], string, error)
}

// Canonical is a kind whose judge answer is one value whatever finds it,
// such as an optimum. The answers of the other kinds may differ between
// two backends that both answer right.
type Canonical interface {
	CanonicalAnswer()
}

// Failer is a kind whose judge output for an instance without an answer
// is not the word alone: cake prints 0. Fail returns that output for the
// word ("no solution", "timeout").
type Failer interface {
	Fail(p Instance, word string) string
}

// Certifier is a kind whose answers carry a witness beside the judge's
// answer, such as the pieces of each stick. Certificate returns it, in
// lines starting with "#".
type Certifier interface {
	Certificate(p Instance, a Answer) string
}

// Gridder is a kind whose answers can be drawn as a grid for people to
// read (the command's --grid).
type Gridder interface {
	Grid(p Instance, a Answer) string
}

// Sizer is a kind with a size worth plotting times against: Size returns
// p's, and SizeName what it counts ("letters").
type Sizer interface {
	Size(p Instance) int
	SizeName() string
}

// Tabler is a kind whose search sizes tables to its search.Run's Memory (the
// sticks search's memo); the others are not given a share of the
// memory, which would cost each run of a batch a division.
type Tabler interface {
	SizesTables()
}

// Sampler is a kind with sample inputs, its judge data, which the lab
// offers by name: Samples returns them as files at its root.
type Sampler interface {
	Samples() fs.FS
}

// Hinter is a kind whose SAT formulas solver.Auto picks an engine for by
// rules of the kind's own, measured on its data; auto gives the formulas
// of other kinds CaDiCaL.
type Hinter interface {
	// Hint returns the rules for the formulas of p's queries.
	Hint(p Instance) solver.Hint
	// CommentHint returns them for a formula of the kind read back from
	// DIMACS, from its first comment, "puzzlesat NAME ...", which the
	// kind's encoder wrote.
	CommentHint(comment string) solver.Hint
}
