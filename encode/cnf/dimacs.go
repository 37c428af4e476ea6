package cnf

import (
	"bufio"
	"errors"
	"fmt"
	"io"
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
	for v := Var(1); int(v) <= f.nvars; v++ {
		if name := f.Name(v); name != "" {
			fmt.Fprintf(bw, "c var %d %s\n", v, name)
		}
	}
	fmt.Fprintf(bw, "p cnf %d %d\n", f.nvars, f.NumClauses())
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

// ReadDIMACS reads a DIMACS CNF file. It accepts comment lines anywhere,
// clauses split over lines or sharing a line, CRLF line ends, and the
// SATLIB trailer (a line "%" after which the rest is ignored). It requires
// one header "p cnf V C" before the first clause, literals within 1..V,
// exactly C clauses, and a final 0 after the last clause; anything else
// is an error naming the line. Comments are kept.
func ReadDIMACS(file string, r io.Reader) (*CNF, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<26)
	f := New()
	var (
		line, want int
		header     bool
		clause     []Lit
	)
	fail := func(format string, args ...any) error {
		return &DIMACSError{File: file, Line: line, Err: fmt.Errorf(format, args...)}
	}
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		switch {
		case text == "":
			continue
		case text[0] == 'c':
			f.comments = append(f.comments, strings.TrimSpace(text[1:]))
			continue
		case text[0] == '%':
			goto done
		case text[0] == 'p':
			if header {
				return nil, fail("second header line")
			}
			var err error
			if want, err = parseHeader(f, text); err != nil {
				return nil, fail("%v", err)
			}
			header = true
			continue
		}
		if !header {
			return nil, fail("clause before the header \"p cnf VARS CLAUSES\"")
		}
		for _, field := range strings.Fields(text) {
			d, err := strconv.Atoi(field)
			if err != nil {
				return nil, fail("expected an integer literal, got %q", field)
			}
			if d == 0 {
				f.lits = append(f.lits, clause...)
				f.ends = append(f.ends, len(f.lits))
				clause = clause[:0]
				continue
			}
			if d > f.nvars || -d > f.nvars {
				return nil, fail("literal %d beyond the %d variables of the header", d, f.nvars)
			}
			clause = append(clause, FromDimacs(d))
		}
	}
done:
	if err := sc.Err(); err != nil {
		return nil, fail("%v", err)
	}
	if !header {
		return nil, fail("no header \"p cnf VARS CLAUSES\"")
	}
	if len(clause) > 0 {
		return nil, fail("last clause has no closing 0")
	}
	if f.NumClauses() != want {
		return nil, fail("header promises %d clauses, file has %d", want, f.NumClauses())
	}
	return f, nil
}

// parseHeader reads "p cnf V C", sets up V variables and returns C.
func parseHeader(f *CNF, text string) (int, error) {
	fs := strings.Fields(text)
	if len(fs) != 4 || fs[0] != "p" || fs[1] != "cnf" {
		return 0, fmt.Errorf("expected header \"p cnf VARS CLAUSES\", got %q", text)
	}
	nv, err1 := strconv.Atoi(fs[2])
	nc, err2 := strconv.Atoi(fs[3])
	if err1 != nil || err2 != nil || nv < 0 || nc < 0 || nv > 1<<28 {
		return 0, fmt.Errorf("expected header \"p cnf VARS CLAUSES\", got %q", text)
	}
	f.nvars = nv
	f.guard = make([]bool, nv+1)
	return nc, nil
}

// ErrUnsatisfiable is returned by ReadModel for a solver output that says
// the formula is unsatisfiable.
var ErrUnsatisfiable = errors.New("solver output says UNSATISFIABLE")

// ReadModel reads a SAT solver's answer in SAT-competition form ("s
// SATISFIABLE" and "v ... 0" lines, comments "c") or MiniSat's result file
// ("SAT" then the literals, or "UNSAT"). It returns ErrUnsatisfiable for
// an UNSAT answer, and an error for UNKNOWN, a missing status or a bad
// literal. Comment lines are returned too, so a caller can check a hash.
func ReadModel(file string, r io.Reader) (Model, []string, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<26)
	var (
		m        Model
		comments []string
		status   string
		line     int
		ended    bool
	)
	fail := func(format string, args ...any) error {
		return &DIMACSError{File: file, Line: line, Err: fmt.Errorf(format, args...)}
	}
	for sc.Scan() {
		line++
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 {
			continue
		}
		switch {
		case fs[0] == "c":
			comments = append(comments, strings.Join(fs[1:], " "))
			continue
		case fs[0] == "s" && len(fs) == 2, status == "" && len(fs) == 1:
			if status != "" {
				return nil, nil, fail("second status line")
			}
			status = fs[len(fs)-1]
			switch status {
			case "SATISFIABLE", "SAT":
			case "UNSATISFIABLE", "UNSAT":
				return nil, comments, ErrUnsatisfiable
			default:
				return nil, comments, fail("solver gave no model: %s", status)
			}
			continue
		case fs[0] == "v":
			fs = fs[1:]
		case status != "SAT":
			return nil, nil, fail("unexpected line %q", sc.Text())
		}
		if status == "" {
			return nil, nil, fail("model values before the status line")
		}
		for _, field := range fs {
			d, err := strconv.Atoi(field)
			if err != nil {
				return nil, nil, fail("expected an integer literal, got %q", field)
			}
			if d == 0 {
				ended = true
				continue
			}
			v := max(d, -d)
			if v > 1<<28 {
				return nil, nil, fail("literal %d out of range", d)
			}
			for len(m) <= v {
				m = append(m, false)
			}
			m[v] = d > 0
		}
	}
	line++
	if err := sc.Err(); err != nil {
		return nil, nil, fail("%v", err)
	}
	switch {
	case status == "":
		return nil, nil, fail("no status line (s SATISFIABLE, SAT, ...)")
	case !ended:
		return nil, nil, fail("model has no closing 0")
	}
	return m, comments, nil
}
