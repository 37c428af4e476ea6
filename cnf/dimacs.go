package cnf

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// WriteDIMACS writes f as DIMACS CNF: its comments, one "c var N name" line
// per named variable in variable order, the header and the clauses in the
// order they were added. The output depends only on f.
func WriteDIMACS(w io.Writer, f *CNF) error {
	bw := bufio.NewWriterSize(w, 64*1024)
	for _, c := range f.comments {
		fmt.Fprintf(bw, "c %s\n", c)
	}
	if f.namer == nil {
		// Only the named variables, in order: a formula read from a header
		// of 2^28 variables need not visit each.
		vs := make([]Var, 0, len(f.names))
		for v := range f.names {
			vs = append(vs, v)
		}
		slices.Sort(vs)
		for _, v := range vs {
			fmt.Fprintf(bw, "c var %d %s\n", v, f.names[v])
		}
		return writeClauses(bw, f, nil)
	}
	for v := Var(1); int(v) <= f.nvars; v++ {
		if name := f.Name(v); name != "" {
			fmt.Fprintf(bw, "c var %d %s\n", v, name)
		}
	}
	return writeClauses(bw, f, nil)
}

// WriteProblem writes f as bare DIMACS for a SAT solver to read: the
// header and the clauses, without comments, and then each of units as a
// clause of its own, so that a solver without assumptions can answer a
// solve under them.
func WriteProblem(w io.Writer, f *CNF, units ...Lit) error {
	return writeClauses(bufio.NewWriterSize(w, 64*1024), f, units)
}

// writeClauses writes the header, f's clauses and the units, and flushes.
func writeClauses(bw *bufio.Writer, f *CNF, units []Lit) error {
	fmt.Fprintf(bw, "p cnf %d %d\n", f.nvars, f.NumClauses()+len(units))
	buf := make([]byte, 0, 64)
	for i := 0; i < f.NumClauses(); i++ {
		buf = buf[:0]
		for _, l := range f.Clause(i) {
			buf = strconv.AppendInt(buf, int64(l.Dimacs()), 10)
			buf = append(buf, ' ')
		}
		buf = append(buf, '0', '\n')
		bw.Write(buf)
	}
	for _, l := range units {
		buf = strconv.AppendInt(buf[:0], int64(l.Dimacs()), 10)
		bw.Write(append(buf, ' ', '0', '\n'))
	}
	return bw.Flush()
}

// DIMACSError reports a malformed DIMACS or solver-output file.
type DIMACSError struct {
	File string
	Line int
	Err  error
}

func (e *DIMACSError) Error() string { return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err) }

// Unwrap returns the underlying error.
func (e *DIMACSError) Unwrap() error { return e.Err }

// MaxVars is the most variables a formula read from DIMACS may declare;
// gini numbers literals in 32 bits, and puzzle formulas stay far below.
const MaxVars = 1 << 28

// ReadDIMACS reads a DIMACS CNF file. It accepts comment lines anywhere,
// clauses split over lines or sharing a line, lines of any length, line
// ends LF, CR LF or CR alone, a UTF-8 byte order mark at the start, and
// the SATLIB trailer (a line "%" after which the rest is ignored). It
// requires one header "p cnf V C" in lower case (V at most MaxVars)
// before the first clause, literals within 1..V ("-0" is none), exactly C
// clauses, and a final 0 after the last clause; anything else is a
// *DIMACSError naming the line. Memory follows what the file holds, not what its header
// promises. Comments are kept, each cut to 1 KiB, up to 1 MiB of them;
// past that they are read and dropped. A word of more than 4 KiB is an
// error. When ctx ends first it returns ctx's error.
func ReadDIMACS(ctx context.Context, file string, r io.Reader) (*CNF, error) {
	return ReadDIMACSAtMost(ctx, file, r, 0)
}

// ErrTooLarge is wrapped by the error of ReadDIMACSAtMost for a formula
// of more literals than it may hold.
var ErrTooLarge = errors.New("too large")

// ReadDIMACSAtMost reads a DIMACS CNF file as ReadDIMACS does, holding at
// most maxLits literals (0: no limit): past them it stops with a
// *DIMACSError at the line, wrapping ErrTooLarge, so that memory is
// bounded before the file is read whole.
func ReadDIMACSAtMost(ctx context.Context, file string, r io.Reader, maxLits int) (*CNF, error) {
	x := newLexer(ctx, file, r)
	f := New()
	want, header := 0, false
	kept := 0  // the bytes of comments read
	start := 0 // f.lits[start:] is the clause being read
	for {
		c, err := x.skipBlanks()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, x.wrap(err)
		}
		switch {
		case c == '\n':
			x.newline()
			continue
		case c == 'c':
			text, err := x.endLine()
			if err != nil {
				return nil, x.wrap(err)
			}
			if kept += len(text); kept <= maxComments {
				f.comments = append(f.comments, strings.TrimSpace(text[1:]))
			}
			continue
		case c == '%':
			return f, finish(x, f, header, want, start)
		case c == 'p' || c == 'P':
			if header {
				return nil, x.errorf("second header line")
			}
			if want, err = readHeader(x, f); err != nil {
				return nil, err
			}
			header = true
			continue
		case !header:
			return nil, x.errorf("clause before the header \"p cnf VARS CLAUSES\"")
		}
		line := x.line
		if start, err = readClauses(x, f, want, start); err != nil {
			return nil, err
		}
		if maxLits > 0 && len(f.lits) > maxLits {
			return nil, x.errorAt(line, "more than %d literals: %w", maxLits, ErrTooLarge)
		}
	}
	return f, finish(x, f, header, want, start)
}

// readHeader reads the line "p cnf V C", sets up V variables and returns C.
// The words must be lower case, as DIMACS writes them and as every solver
// that puzzlesat runs reads them: "P CNF" is refused by name rather than
// read as something it is not.
func readHeader(x *lexer, f *CNF) (int, error) {
	line := x.line
	text, err := x.endLine()
	if err != nil {
		return 0, x.wrap(err)
	}
	fs := strings.Fields(text)
	switch {
	case len(fs) >= 2 && strings.EqualFold(fs[0], "p") && strings.EqualFold(fs[1], "cnf") && (fs[0] != "p" || fs[1] != "cnf"):
		return 0, x.errorAt(line, "expected header \"p cnf VARS CLAUSES\" in lower case, got %s", quote(text))
	case len(fs) != 4 || fs[0] != "p" || fs[1] != "cnf":
		return 0, x.errorAt(line, "expected header \"p cnf VARS CLAUSES\", got %s", quote(text))
	}
	nv, ok := count(fs[2], MaxVars)
	if !ok {
		return 0, x.errorAt(line, "expected VARS, a number 0..%d, in the header \"p cnf VARS CLAUSES\", got %s", MaxVars, quote(fs[2]))
	}
	nc, ok := count(fs[3], maxClauses)
	if !ok {
		return 0, x.errorAt(line, "expected CLAUSES, a number 0..%d, in the header \"p cnf VARS CLAUSES\", got %s", maxClauses, quote(fs[3]))
	}
	f.nvars = nv
	return nc, nil
}

// maxClauses is the most clauses a header may promise; memory follows the
// clauses read, not this.
const maxClauses = 1 << 62

// readClauses reads the literals on the rest of the current line into f,
// closing a clause at each 0, and returns where the open clause starts.
func readClauses(x *lexer, f *CNF, want, start int) (int, error) {
	err := x.literals(f.nvars, "literal %s beyond the %d variables of the header", func(d int) error {
		if d != 0 {
			l := FromDimacs(d)
			f.lits = append(f.lits, l)
			f.maxVar = max(f.maxVar, l.Var())
			return nil
		}
		if len(f.ends) == want {
			return x.errorf("more clauses than the %d of the header", want)
		}
		f.ends = append(f.ends, len(f.lits))
		start = len(f.lits)
		return nil
	})
	return start, err
}

// finish checks the end of a DIMACS file.
func finish(x *lexer, f *CNF, header bool, want, start int) error {
	x.line = x.lastLine()
	switch {
	case !header:
		return x.errorf("no header \"p cnf VARS CLAUSES\"")
	case len(f.lits) > start:
		return x.errorf("last clause has no closing 0")
	case f.NumClauses() != want:
		return x.errorf("header promises %d clauses, file has %d", want, f.NumClauses())
	}
	return nil
}

// ErrUnsatisfiable is returned by ReadModel for a solver output that says
// the formula is unsatisfiable.
var ErrUnsatisfiable = errors.New("solver output says UNSATISFIABLE")

// ErrContradiction is wrapped by the error of ReadModel for an answer
// that says both SATISFIABLE and UNSATISFIABLE, or gives model values with
// an UNSAT status: a solver caught lying, not one that failed to answer.
var ErrContradiction = errors.New("the solver's answer contradicts itself")

// contradiction marks a *DIMACSError as wrapping ErrContradiction, its
// message unchanged.
func contradiction(err error) error {
	de := err.(*DIMACSError)
	de.Err = contradicts{de.Err}
	return de
}

// contradicts is an error that is ErrContradiction too.
type contradicts struct{ error }

func (c contradicts) Is(target error) bool { return target == ErrContradiction }
func (c contradicts) Unwrap() error        { return c.error }

// Output is a SAT solver's answer as ReadModel read it.
type Output struct {
	File     string
	Model    Model     // the values read; a variable not given reads false
	Comments []Comment // the comment lines
	lines    []int32   // lines[v]: the line that gave v its value, 0 if none did
	last     int       // the number of the last line
}

// Comment is one comment line of a solver's output, without its "c ".
type Comment struct {
	Line int
	Text string
}

// Errorf returns a *DIMACSError at the line that gave v its value, or at
// the last line when none did.
func (o *Output) Errorf(v Var, format string, args ...any) error {
	line := o.last
	if int(v) < len(o.lines) && o.lines[v] > 0 {
		line = int(o.lines[v])
	}
	return &DIMACSError{File: o.File, Line: line, Err: fmt.Errorf(format, args...)}
}

// ReadModel reads a SAT solver's answer for a formula of maxVar
// variables, in SAT-competition form ("s SATISFIABLE" and "v ... 0" lines,
// comments "c"; the "v" lines may also come first, as clasp prints them)
// or MiniSat's result file ("SAT" then the literals, or "UNSAT"). Line
// ends may be LF, CR LF or CR alone, a UTF-8 byte order mark may start
// it, and lines may have any length. It reads the whole answer and
// returns ErrUnsatisfiable for an UNSAT answer that says nothing else,
// and a *DIMACSError naming the line for UNKNOWN, a missing status, an
// answer that contradicts itself (two status lines, model values with an
// UNSAT status, values after the model's closing 0), a bad literal, a
// variable beyond maxVar, a variable given both values, or a model
// without its closing 0. Comments are kept up to 1 MiB of them, as
// ReadDIMACS keeps them; a word of more than 4 KiB is an error; when
// ctx ends first it returns ctx's error.
func ReadModel(ctx context.Context, file string, r io.Reader, maxVar int) (*Output, error) {
	x := newLexer(ctx, file, r)
	o := &Output{File: file}
	m := modelReader{x: x, o: o, maxVar: maxVar}
	kept := 0 // the bytes of comments read
	for {
		c, err := x.skipBlanks()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, x.wrap(err)
		}
		if c == '\n' {
			x.newline()
			continue
		}
		if (c == '-' || c >= '0' && c <= '9') && m.status != "" { // MiniSat's form: literals without "v"
			if err := m.values(); err != nil {
				return nil, err
			}
			continue
		}
		line := x.line
		word, err := x.token()
		if err != nil {
			return nil, x.wrap(err)
		}
		switch {
		case word == "c":
			text, err := x.endLine()
			if err != nil {
				return nil, x.wrap(err)
			}
			if kept += len(text); kept <= maxComments {
				o.Comments = append(o.Comments, Comment{Line: line, Text: strings.TrimSpace(text)})
			}
		case word == "s" || isStatus(word):
			if err := m.readStatus(word); err != nil {
				return nil, err
			}
		case word == "v":
			if err := m.values(); err != nil {
				return nil, err
			}
		default:
			return nil, x.errorf("unexpected %s", quote(word))
		}
	}
	x.line = x.lastLine()
	o.last = x.line
	switch {
	case m.status == "":
		return nil, x.errorf("no status line (s SATISFIABLE, SAT, ...)")
	case m.status == "UNSAT":
		return nil, ErrUnsatisfiable
	case m.endLine == 0:
		return nil, x.errorf("model has no closing 0")
	}
	return o, nil
}

// modelReader is the state of ReadModel: the status read and where, and
// where the model's values began and ended, to tell a contradiction.
type modelReader struct {
	x          *lexer
	o          *Output
	maxVar     int
	status     string // "", "SAT" or "UNSAT"
	statusLine int
	valuesLine int // the first line with model values, 0 if none yet
	endLine    int // the line of the model's closing 0, 0 if none yet
}

// isStatus reports whether word is the status word of MiniSat's form.
func isStatus(word string) bool {
	switch word {
	case "SAT", "UNSAT", "INDET", "UNKNOWN", "SATISFIABLE", "UNSATISFIABLE":
		return true
	}
	return false
}

// readStatus reads the rest of a status line that began with word ("s"
// or the status itself).
func (m *modelReader) readStatus(word string) error {
	x, line := m.x, m.x.line
	if word == "s" {
		c, err := x.skipBlanks()
		if err != nil && err != io.EOF {
			return x.wrap(err)
		}
		if c == '\n' || err == io.EOF {
			return x.errorf("status line without a status")
		}
		if word, err = x.token(); err != nil {
			return x.wrap(err)
		}
	}
	if rest, err := x.endLine(); err != nil {
		return x.wrap(err)
	} else if strings.TrimSpace(rest) != "" {
		return x.errorAt(line, "unexpected %s after the status", quote(strings.TrimSpace(rest)))
	}
	var status string
	switch word {
	case "SATISFIABLE", "SAT":
		status = "SAT"
	case "UNSATISFIABLE", "UNSAT":
		status = "UNSAT"
	default:
		return x.errorAt(line, "solver gave no model: %s", quote(word))
	}
	switch {
	case m.status == status:
		return x.errorAt(line, "a second status line (the first at line %d)", m.statusLine)
	case m.status != "":
		return contradiction(x.errorAt(line, "status %s contradicts the status %s at line %d", statusName(status), statusName(m.status), m.statusLine))
	case status == "UNSAT" && m.valuesLine > 0:
		return contradiction(x.errorAt(line, "status UNSATISFIABLE, but line %d gives model values", m.valuesLine))
	}
	m.status, m.statusLine = status, line
	return nil
}

// statusName names a status for a message.
func statusName(status string) string {
	if status == "SAT" {
		return "SATISFIABLE"
	}
	return "UNSATISFIABLE"
}

// values reads the literals on the rest of the current line into the
// model, refusing them after an UNSAT status or after the closing 0.
func (m *modelReader) values() error {
	x := m.x
	return x.literals(m.maxVar, "model gives a value to variable %s, the formula has %d: made for another formula?", func(d int) error {
		switch {
		case m.status == "UNSAT":
			return contradiction(x.errorf("model values, but line %d says UNSATISFIABLE", m.statusLine))
		case m.endLine > 0:
			return x.errorf("model value %d after the model's closing 0 (line %d)", d, m.endLine)
		}
		if m.valuesLine == 0 {
			m.valuesLine = x.line
		}
		if d == 0 {
			m.endLine = x.line
			return nil
		}
		return m.o.set(x, FromDimacs(d))
	})
}

// set records that l is true, refusing a variable given both values.
func (o *Output) set(x *lexer, l Lit) error {
	v := int(l.Var())
	for len(o.Model) <= v {
		o.Model = append(o.Model, false)
		o.lines = append(o.lines, 0)
	}
	if prev := o.lines[v]; prev > 0 && o.Model[v] != l.IsPos() {
		return x.errorf("model gives variable %d both values (the other at line %d)", v, prev)
	}
	o.Model[v], o.lines[v] = l.IsPos(), int32(x.line)
	return nil
}
