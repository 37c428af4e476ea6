package puzzle

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// maxLine bounds one input line; longer lines are reported, not truncated.
const maxLine = 1 << 20

// lines reads an input line by line, dropping CR and trailing blanks, and
// makes *ParseError values that name the current line.
type lines struct {
	sc   *bufio.Scanner
	file string
	n    int // number of the line last returned, 1-based
	err  error
}

func newLines(file string, r io.Reader) *lines {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), maxLine)
	return &lines{sc: sc, file: file}
}

// next returns the next line without its line end and trailing blanks.
// At the end of input, or on a read error, it returns false; see ioErr.
func (l *lines) next() (string, bool) {
	if !l.sc.Scan() {
		l.err = l.sc.Err()
		if errors.Is(l.err, bufio.ErrTooLong) {
			l.err = l.errorAt(l.n+1, "line longer than %d bytes", maxLine)
		}
		return "", false
	}
	l.n++
	return strings.TrimRight(l.sc.Text(), " \t\r\f\v"), true
}

// ioErr returns the error that stopped next early, or nil at a clean end.
func (l *lines) ioErr() error {
	var pe *ParseError
	if l.err == nil || errors.As(l.err, &pe) {
		return l.err
	}
	return &ParseError{File: l.file, Line: l.n + 1, Err: l.err}
}

// errorf returns a *ParseError at the line last returned by next.
func (l *lines) errorf(format string, args ...any) error {
	return l.errorAt(l.n, format, args...)
}

// errorAt returns a *ParseError at line n.
func (l *lines) errorAt(n int, format string, args ...any) error {
	return &ParseError{File: l.file, Line: n, Err: fmt.Errorf(format, args...)}
}

// tokens reads whitespace-separated fields across lines, remembering the
// line each came from.
type tokens struct {
	*lines
	fields []string
	line   int // line of the token last returned
}

func newTokens(file string, r io.Reader) *tokens {
	return &tokens{lines: newLines(file, r)}
}

// next returns the next field; false at the end of input or on a read error.
func (t *tokens) next() (string, bool) {
	for len(t.fields) == 0 {
		s, ok := t.lines.next()
		if !ok {
			t.line = t.lines.n + 1
			return "", false
		}
		t.fields = strings.Fields(s)
	}
	f := t.fields[0]
	t.fields = t.fields[1:]
	t.line = t.lines.n
	return f, true
}

// errorf returns a *ParseError at the line of the token last returned.
func (t *tokens) errorf(format string, args ...any) error {
	return t.errorAt(t.line, format, args...)
}

// int reads the next field as an integer in [lo, hi]; what names it in errors.
func (t *tokens) int(what string, lo, hi int) (int, error) {
	f, ok := t.next()
	if !ok {
		if err := t.ioErr(); err != nil {
			return 0, err
		}
		return 0, t.errorf("expected %s, got end of input", what)
	}
	v, err := strconv.Atoi(f)
	if err != nil {
		return 0, t.errorf("expected %s, got %s", what, quote(f))
	}
	if v < lo || v > hi {
		return 0, t.errorf("%s %d out of range %d..%d", what, v, lo, hi)
	}
	return v, nil
}

// collect returns every instance that scan reads from r.
func collect[I any](file string, r io.Reader, scan func(string, io.Reader, func(I) error) error) ([]I, error) {
	var ps []I
	err := scan(file, r, func(p I) error {
		ps = append(ps, p)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return ps, nil
}

// maxQuote bounds the text of an input quoted in a message.
const maxQuote = 40

// quote quotes s for a message, cut after maxQuote bytes.
func quote(s string) string {
	if len(s) > maxQuote {
		return strconv.Quote(s[:maxQuote]) + "..."
	}
	return strconv.Quote(s)
}

// short returns a number's digits for a message, cut after maxQuote bytes.
func short(digits string) string {
	if len(digits) > maxQuote {
		return digits[:maxQuote] + "..."
	}
	return digits
}
