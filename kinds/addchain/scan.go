package addchain

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Parse reads every instance of r, in the format of the package doc.
// file names r in errors, which are *puzzle.ParseError values.
func Parse(file string, r io.Reader) ([]Instance, error) {
	var ps []Instance
	if err := Scan(file, r, func(p Instance) error { ps = append(ps, p); return nil }); err != nil {
		return nil, err
	}
	return ps, nil
}

// Scan reads the instances of r as Parse does, calling yield with each as
// soon as it is read, and stops at the first error of the input or of
// yield. It holds a few bytes of the input at a time, however long its
// lines.
func Scan(file string, r io.Reader, yield func(Instance) error) error {
	t := &tokens{r: bufio.NewReader(r), file: file, line: 1}
	for count := 0; ; count++ {
		f, ok := t.next()
		if t.err != nil {
			return t.err
		}
		v, err := strconv.Atoi(f)
		switch {
		case !ok || err == nil && v == 0:
			if count == 0 {
				return t.errorf("expected n (1..%d), got %s", MaxN, endOrZero(ok))
			}
			return nil
		case err == nil && v > MaxN || errors.Is(err, strconv.ErrRange) && f[0] != '-' || t.long && t.digits:
			return t.errorf("n %s out of range 1..%d", shortDigits(f, t.long), MaxN)
		case err != nil || v < 0 || t.long:
			return t.errorf("expected n (1..%d, 0 ends the input), got %s", MaxN, quote(f, t.long))
		}
		if err := yield(Instance{N: v}); err != nil {
			return err
		}
	}
}

// endOrZero names what ended an input before its first n.
func endOrZero(read bool) string {
	if read {
		return `"0", which ends the input`
	}
	return "end of input"
}

// maxToken is the most bytes of a token kept: more than any number in
// range has, and enough to quote in a message.
const maxToken = 40

// bom is the UTF-8 byte order mark that some editors put at the start of
// a text file; it is skipped there.
const bom = "\xef\xbb\xbf"

// tokens reads white-space-separated tokens byte by byte, counting lines
// (ended by LF, CR LF or a lone CR) and keeping the first maxToken bytes
// of each token.
type tokens struct {
	r      *bufio.Reader
	file   string
	line   int    // the current line, 1-based
	at     int    // the line of the token last returned
	buf    []byte // the token's first bytes
	long   bool   // the token was longer than maxToken bytes
	digits bool   // the token is all ASCII digits
	begun  bool   // the byte order mark was looked for
	err    error  // a read error, as a *puzzle.ParseError
}

// next returns the next token, false at the end of input or on a read
// error (then err is set).
func (t *tokens) next() (string, bool) {
	if !t.begun {
		t.begun = true
		if b, err := t.r.Peek(len(bom)); err == nil && string(b) == bom {
			t.r.Discard(len(bom))
		}
	}
	t.buf, t.long, t.digits = t.buf[:0], false, true
	for {
		c, err := t.r.ReadByte()
		if err != nil {
			if err != io.EOF {
				t.err = &puzzle.ParseError{File: t.file, Line: t.line, Err: err}
			}
			if len(t.buf) > 0 {
				t.at = t.line
				return string(t.buf), t.err == nil
			}
			t.at = t.line
			return "", false
		}
		if space(c) {
			if len(t.buf) > 0 {
				t.at = t.line
				t.r.UnreadByte() // the line end is counted at the next call
				return string(t.buf), true
			}
			t.newline(c)
			continue
		}
		t.digits = t.digits && c >= '0' && c <= '9'
		if len(t.buf) < maxToken {
			t.buf = append(t.buf, c)
		} else {
			t.long = true
		}
	}
}

// newline counts the line end that c starts, if it is one: a CR followed
// by an LF is one line end.
func (t *tokens) newline(c byte) {
	switch c {
	case '\n':
		t.line++
	case '\r':
		t.line++
		if b, err := t.r.Peek(1); err == nil && b[0] == '\n' {
			t.r.Discard(1)
		}
	}
}

// space reports whether c separates tokens.
func space(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// errorf returns a *puzzle.ParseError at the line of the last token.
func (t *tokens) errorf(format string, args ...any) error {
	return &puzzle.ParseError{File: t.file, Line: t.at, Err: fmt.Errorf(format, args...)}
}

// quote quotes a token for a message, with "..." when it was cut, and
// never in the middle of a character.
func quote(s string, cut bool) string {
	if !cut {
		return strconv.Quote(s)
	}
	for i := len(s) - 1; i >= 0 && i >= len(s)-utf8.UTFMax; i-- {
		if utf8.RuneStart(s[i]) {
			if !utf8.FullRuneInString(s[i:]) {
				s = s[:i] // a character cut in two at maxToken bytes
			}
			break
		}
	}
	return strconv.Quote(s) + "..."
}

// shortDigits returns a number's digits for a message, with "..." when
// they were cut.
func shortDigits(s string, cut bool) string {
	if cut {
		return s + "..."
	}
	return s
}
