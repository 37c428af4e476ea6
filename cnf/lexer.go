package cnf

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"
)

// maxKept bounds the text kept of one comment line and quoted in an
// error: lines of any length are read, but memory and messages follow
// what matters, not what a hostile file holds.
const maxKept = 1024

// maxQuote bounds the text of a token quoted in an error.
const maxQuote = 40

// maxToken bounds a token: numbers and words of DIMACS and of solver
// outputs are short, and a longer one (an endless run of NULs, as
// /dev/zero gives) is an error at once rather than a read without end.
const maxToken = 4096

// maxComments bounds the text of the comments kept of a file: past it,
// comment lines are read and dropped, so that endless comments take no
// memory.
const maxComments = 1 << 20

// bom is the UTF-8 byte order mark, which some editors put at the start
// of a text file; it is skipped there.
const bom = "\xef\xbb\xbf"

// lexer reads a DIMACS or solver-output file byte by byte, so that lines
// of any length are read without a buffer of their size, and counts lines
// for errors. A line ends in LF, CR LF or a lone CR (old Mac files); the
// lexer reads each of them as one '\n'. It looks at ctx every 64 Ki tokens.
type lexer struct {
	ctx   context.Context
	r     *bufio.Reader
	back  int   // the byte unread gave back, or -1
	err   error // a read error met while looking past a CR, for the next read
	file  string
	line  int  // the current line, 1-based
	fresh bool // nothing read yet on the current line
	count int  // tokens read, for the context check
}

func newLexer(ctx context.Context, file string, r io.Reader) *lexer {
	br := ctxBufReader(ctx, r)
	// The first byte decides whether to look for the rest of the mark:
	// a short answer from a pipe ("s\n") is not held up waiting for more.
	if b, err := br.Peek(1); err == nil && b[0] == bom[0] {
		if b, err := br.Peek(len(bom)); err == nil && string(b) == bom {
			br.Discard(len(bom))
		}
	}
	return &lexer{ctx: ctx, r: br, back: -1, file: file, line: 1, fresh: true}
}

// read returns the next byte, with every line end as one '\n'.
func (x *lexer) read() (byte, error) {
	if x.back >= 0 {
		c := byte(x.back)
		x.back = -1
		return c, nil
	}
	if x.err != nil {
		return 0, x.err
	}
	c, err := x.r.ReadByte()
	if err != nil || c != '\r' {
		return c, err
	}
	switch next, err := x.r.ReadByte(); {
	case err != nil:
		x.err = err // io.EOF, or a failure to report after this line
	case next != '\n':
		x.r.UnreadByte() // a lone CR: next starts the next line
	}
	return '\n', nil
}

// unread gives back c, the byte read last, to the next read.
func (x *lexer) unread(c byte) { x.back = int(c) }

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
	return x.errorAt(x.line, format, args...)
}

// errorAt returns a *DIMACSError at line n.
func (x *lexer) errorAt(n int, format string, args ...any) error {
	return &DIMACSError{File: x.file, Line: n, Err: fmt.Errorf(format, args...)}
}

// wrap turns a read error into a *DIMACSError at the current line.
func (x *lexer) wrap(err error) error {
	var de *DIMACSError
	if errors.As(err, &de) {
		return err
	}
	return &DIMACSError{File: x.file, Line: x.line, Err: err}
}

// skipBlanks skips spaces, tabs, form feeds and vertical tabs on the
// current line and returns the next byte without consuming it: '\n' at a
// line end, 0 with io.EOF at the end of input.
func (x *lexer) skipBlanks() (byte, error) {
	for {
		c, err := x.read()
		if err != nil {
			return 0, err
		}
		switch c {
		case ' ', '\t', '\f', '\v':
			continue
		case '\n':
		default:
			x.fresh = false
		}
		x.unread(c)
		return c, nil
	}
}

// endLine consumes the rest of the current line, keeping at most maxKept
// bytes of it, and moves to the next line. At the end of input it returns
// what it read and no error. A caller that reports an error about the
// line takes x.line before calling it.
func (x *lexer) endLine() (string, error) {
	var kept []byte
	for {
		c, err := x.read()
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
		if len(kept) < maxKept {
			kept = append(kept, c)
		}
	}
}

// newline consumes the '\n' that skipBlanks stopped at.
func (x *lexer) newline() {
	x.read()
	x.line++
	x.fresh = true
}

// token reads the next whitespace-delimited token on the current line,
// which must start here; it keeps at most maxQuote+1 bytes, enough to
// quote it and to see that it was longer.
func (x *lexer) token() (string, error) {
	var kept []byte
	n := 0
	for {
		c, err := x.read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", err
		}
		if c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\v' {
			x.unread(c)
			break
		}
		if len(kept) <= maxQuote {
			kept = append(kept, c)
		}
		if n++; n > maxToken {
			return "", x.errorf("a word of more than %d bytes: %s", maxToken, quote(string(kept)))
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

// ctxBufReader returns r buffered, its reads stopping with ctx's error
// once ctx is done: a look at ctx every block of input, so that an
// endless input of NULs or blank lines, which the lexer reads without a
// token, stops with ctx too.
func ctxBufReader(ctx context.Context, r io.Reader) *bufio.Reader {
	return bufio.NewReaderSize(ctxReader{ctx, r}, 64*1024)
}

// ctxReader reads from r until ctx is done.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// tick counts a token and reports, every 64 Ki tokens, whether ctx is done.
func (x *lexer) tick() bool {
	x.count++
	return x.count&(1<<16-1) == 0 && x.ctx.Err() != nil
}

// quote quotes a token for a message, cut after at most maxQuote bytes,
// at the start of a character so that none is quoted in half.
func quote(s string) string {
	if len(s) > maxQuote {
		cut := maxQuote
		for cut > maxQuote-utf8.UTFMax && !utf8.RuneStart(s[cut]) {
			cut--
		}
		return strconv.Quote(s[:cut]) + "..."
	}
	return strconv.Quote(s)
}

// literal converts the token t to 0 or a literal of a variable in
// 1..maxVar; beyond says, given the token and maxVar, what a variable out
// of range means. "-0" is no literal: it neither ends a clause nor names
// a variable. It never overflows: digits past a value out of range are
// only checked to be digits.
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
	if neg && v == 0 {
		return 0, fmt.Errorf("expected a literal or the 0 that ends a clause, got %s", quote(t))
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
