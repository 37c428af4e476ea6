package puzzle

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxLine bounds one input line, without its line end; longer lines are
// reported, not truncated.
const maxLine = 1 << 20

// bom is the UTF-8 byte order mark, which some editors put at the start
// of a text file; it is skipped there.
const bom = "\xef\xbb\xbf"

// lines reads an input line by line, dropping trailing blanks, and makes
// *ParseError values that name the current line. A line ends in LF, CR LF
// or a lone CR (old Mac files).
type lines struct {
	sc   *bufio.Scanner
	file string
	n    int // number of the line last returned, 1-based
	err  error
}

func newLines(file string, r io.Reader) *lines {
	br := bufio.NewReader(r)
	if b, err := br.Peek(len(bom)); err == nil && string(b) == bom {
		br.Discard(len(bom))
	}
	sc := bufio.NewScanner(br)
	// Room for a line of maxLine bytes, its CR LF, and one byte more, so
	// that the split function sees that a line is too long.
	sc.Buffer(make([]byte, 0, 64*1024), maxLine+3)
	sc.Split(scanLines)
	return &lines{sc: sc, file: file}
}

// errLineTooLong is what scanLines reports for a line over maxLine bytes.
var errLineTooLong = errors.New("line too long")

// scanLines is a [bufio.SplitFunc] that ends a line at LF, CR LF or a lone
// CR, and refuses a line of more than maxLine bytes.
func scanLines(data []byte, atEOF bool) (int, []byte, error) {
	i := lineEnd(data)
	switch {
	case i > maxLine || i < 0 && len(data) > maxLine:
		return 0, nil, errLineTooLong
	case i < 0 && atEOF && len(data) > 0:
		return len(data), data, nil
	case i < 0:
		return 0, nil, nil // more data, or the end
	case data[i] == '\n':
		return i + 1, data[:i], nil
	case i+1 < len(data):
		if data[i+1] == '\n' {
			return i + 2, data[:i], nil
		}
		return i + 1, data[:i], nil
	case atEOF:
		return i + 1, data[:i], nil
	}
	return 0, nil, nil // a CR at the end of what was read: is an LF next?
}

// lineEnd returns the index of the first CR or LF in data, or -1. Two
// byte searches are much faster than bytes.IndexAny on the short lines of
// a batch.
func lineEnd(data []byte) int {
	i := bytes.IndexByte(data, '\n')
	head := data
	if i >= 0 {
		head = data[:i]
	}
	if j := bytes.IndexByte(head, '\r'); j >= 0 {
		return j
	}
	return i
}

// trimBlanks drops the blanks (space, tab, form feed, vertical tab) that
// end s.
func trimBlanks(s string) string {
	n := len(s)
	for n > 0 {
		switch s[n-1] {
		case ' ', '\t', '\f', '\v':
			n--
			continue
		}
		break
	}
	return s[:n]
}

// hasBlank reports whether s holds a space or a tab.
func hasBlank(s string) bool {
	return strings.IndexByte(s, ' ') >= 0 || strings.IndexByte(s, '\t') >= 0
}

// runeCount is utf8.RuneCountInString, eight bytes at a time while they
// are ASCII: puzzle lines nearly always are, and are counted once each.
func runeCount(s string) int {
	i := 0
	for ; len(s)-i >= 8; i += 8 {
		b := s[i : i+8]
		w := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
		if w&0x8080808080808080 != 0 {
			break
		}
	}
	return i + utf8.RuneCountInString(s[i:])
}

// next returns the next line without its line end and trailing blanks.
// At the end of input, or on a read error, it returns false; see ioErr.
func (l *lines) next() (string, bool) {
	if !l.sc.Scan() {
		l.err = l.sc.Err()
		if errors.Is(l.err, errLineTooLong) || errors.Is(l.err, bufio.ErrTooLong) {
			l.err = l.errorAt(l.n+1, "line longer than the limit of %d bytes (1 MiB)", maxLine)
		}
		return "", false
	}
	l.n++
	return trimBlanks(l.sc.Text()), true
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

// quote quotes s for a message, cut after maxQuote characters.
func quote(s string) string {
	if utf8.RuneCountInString(s) > maxQuote {
		return strconv.Quote(s[:runeOffset(s, maxQuote)]) + "..."
	}
	return strconv.Quote(s)
}

// runeOffset returns the byte offset of character k of s (0-based), or
// len(s) when s has no more than k characters. A byte that is not UTF-8
// counts as one character, as in a range loop.
func runeOffset(s string, k int) int {
	for i := range s {
		if k == 0 {
			return i
		}
		k--
	}
	return len(s)
}

// quoteChar quotes the first character of s for a message: 'é', or '\xff'
// for a byte that is not UTF-8 (which a rune would show as U+FFFD).
func quoteChar(s string) string {
	c, size := utf8.DecodeRuneInString(s)
	if c == utf8.RuneError && size <= 1 {
		if s == "" {
			return "end of line"
		}
		return fmt.Sprintf(`'\x%02x'`, s[0])
	}
	return strconv.QuoteRune(c)
}

// short returns a number's digits for a message, cut after maxQuote bytes.
func short(digits string) string {
	if len(digits) > maxQuote {
		return digits[:maxQuote] + "..."
	}
	return digits
}
