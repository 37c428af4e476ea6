package cnf

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// maxKept bounds the text kept of one comment line and quoted in an
// error: lines of any length are read, but memory and messages follow
// what matters, not what a hostile file holds.
const maxKept = 1024

// maxQuote bounds the text of a token quoted in an error.
const maxQuote = 40

// lexer reads a DIMACS or solver-output file byte by byte, so that lines
// of any length are read without a buffer of their size, and counts lines
// for errors. It looks at ctx every 64 Ki tokens.
type lexer struct {
	ctx   context.Context
	r     *bufio.Reader
	file  string
	line  int  // the current line, 1-based
	fresh bool // nothing read yet on the current line
	count int  // tokens read, for the context check
}

func newLexer(ctx context.Context, file string, r io.Reader) *lexer {
	return &lexer{ctx: ctx, r: bufio.NewReaderSize(r, 64*1024), file: file, line: 1, fresh: true}
}

// lastLine returns the number of the last line that holds anything: at
// the end of a file ending in a newline, the one before the current.
func (x *lexer) lastLine() int {
	if x.line > 1 && x.fresh {
		return x.line - 1
	}
	return x.line
}

// errorf returns a *DIMACSError at the current line.
func (x *lexer) errorf(format string, args ...any) error {
	return &DIMACSError{File: x.file, Line: x.line, Err: fmt.Errorf(format, args...)}
}

// wrap turns a read error into a *DIMACSError at the current line.
func (x *lexer) wrap(err error) error {
	var de *DIMACSError
	if errors.As(err, &de) {
		return err
	}
	return &DIMACSError{File: x.file, Line: x.line, Err: err}
}

// skipBlanks skips spaces, tabs and CRs on the current line and returns
// the next byte without consuming it: '\n' at a line end, 0 with io.EOF
// at the end of input.
func (x *lexer) skipBlanks() (byte, error) {
	for {
		c, err := x.r.ReadByte()
		if err != nil {
			return 0, err
		}
		switch c {
		case ' ', '\t', '\r', '\f', '\v':
			continue
		case '\n':
		default:
			x.fresh = false
		}
		return c, x.r.UnreadByte()
	}
}

// endLine consumes the rest of the current line, keeping at most maxKept
// bytes of it, and moves to the next line. At the end of input it returns
// what it read and no error.
func (x *lexer) endLine() (string, error) {
	var kept []byte
	for {
		c, err := x.r.ReadByte()
		if err == io.EOF {
			return string(kept), nil
		}
		if err != nil {
			return "", err
		}
		if c == '\n' {
			x.line++
			x.fresh = true
			if x.tick() {
				return "", x.ctx.Err()
			}
			return string(kept), nil
		}
		if len(kept) < maxKept && c != '\r' {
			kept = append(kept, c)
		}
	}
}

// newline consumes the '\n' that skipBlanks stopped at.
func (x *lexer) newline() {
	x.r.ReadByte()
	x.line++
	x.fresh = true
}

// token reads the next whitespace-delimited token on the current line,
// which must start here; it keeps at most maxQuote+1 bytes, enough to
// quote it and to see that it was longer.
func (x *lexer) token() (string, error) {
	var kept []byte
	for {
		c, err := x.r.ReadByte()
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", err
		}
		if c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v' {
			x.r.UnreadByte()
			break
		}
		if len(kept) <= maxQuote {
			kept = append(kept, c)
		}
	}
	if x.tick() {
		return "", x.ctx.Err()
	}
	return string(kept), nil
}

// literals reads the literals on the rest of the current line, a
// variable beyond maxVar being an error worded by beyond (see literal),
// and gives each to use, 0 included, until use fails. It ends at the end
// of the line, which it consumes, or of the input.
func (x *lexer) literals(maxVar int, beyond string, use func(d int) error) error {
	for {
		c, err := x.skipBlanks()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return x.wrap(err)
		}
		if c == '\n' {
			x.newline()
			return nil
		}
		t, err := x.token()
		if err != nil {
			return x.wrap(err)
		}
		d, err := literal(t, maxVar, beyond)
		if err != nil {
			return x.errorf("%v", err)
		}
		if err := use(d); err != nil {
			return err
		}
	}
}

// tick counts a token and reports, every 64 Ki tokens, whether ctx is done.
func (x *lexer) tick() bool {
	x.count++
	return x.count&(1<<16-1) == 0 && x.ctx.Err() != nil
}

// quote quotes a token for a message, cut after maxQuote bytes.
func quote(s string) string {
	if len(s) > maxQuote {
		return strconv.Quote(s[:maxQuote]) + "..."
	}
	return strconv.Quote(s)
}

// literal converts the token t to 0 or a literal of a variable in
// 1..maxVar; beyond says, given the token and maxVar, what a variable out
// of range means. It never overflows: digits past a value out of range
// are only checked to be digits.
func literal(t string, maxVar int, beyond string) (int, error) {
	neg := len(t) > 0 && t[0] == '-'
	digits := t
	if neg {
		digits = t[1:]
	}
	if digits == "" {
		return 0, fmt.Errorf("expected an integer literal, got %s", quote(t))
	}
	v := 0
	for i := 0; i < len(digits); i++ {
		c := digits[i]
		if c < '0' || c > '9' {
			return 0, fmt.Errorf("expected an integer literal, got %s", quote(t))
		}
		if v > maxVar { // keep reading digits only to tell "not an integer" apart
			continue
		}
		v = v*10 + int(c-'0')
	}
	if v > maxVar {
		return 0, fmt.Errorf(beyond, quote(t), maxVar)
	}
	if neg {
		return -v, nil
	}
	return v, nil
}

// count converts the token t to a count in 0..hi, without overflow.
func count(t string, hi int) (int, bool) {
	if t == "" || len(t) > 19 {
		return 0, false
	}
	n, err := strconv.Atoi(t)
	if err != nil || n < 0 || n > hi {
		return 0, false
	}
	return n, true
}
