package puzzle

import (
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

// blockSize is how much lines asks of its reader at a time.
const blockSize = 64 << 10

// Lines reads an input line by line, dropping trailing blanks, and makes
// *ParseError values that name the current line. A line ends in LF, CR LF
// or a lone CR (old Mac files). The input is read in blocks, each made a
// string once, and a line is a part of its block: shared returns it as it
// is, and next returns a copy for a parser whose instances keep it, so
// that they do not keep the whole block alive.
type Lines struct {
	r       io.Reader
	File    string
	Line    int    // number of the line last returned, 1-based
	err     error  // why the lines ended early: a read error, or a *ParseError
	text    string // read but not yet returned
	block   []byte // the buffer that reads go to
	eof     bool   // nothing more to read; readErr says why when not io.EOF
	readErr error
	begun   bool // the byte order mark was looked for
	done    bool
}

func NewLines(file string, r io.Reader) *Lines {
	return &Lines{r: r, File: file}
}

// errLineTooLong is what shared reports for a line over maxLine bytes.
var errLineTooLong = errors.New("line too long")

// Shared returns the next line, part of the block it was read in, without
// its line end and trailing blanks. At the end of input, or on a read
// error, it returns false; see ioErr. The lines of the input read before
// a read error are returned first, the last one as it is.
func (l *Lines) Shared() (string, bool) {
	if l.done {
		return "", false
	}
	if !l.begun {
		l.begun = true
		// Only while the text may still be the mark: an instance of two
		// bytes ("6\n") from a pipe is not held up waiting for a third.
		for len(l.text) < len(bom) && strings.HasPrefix(bom, l.text) && !l.eof {
			l.fill()
		}
		l.text = strings.TrimPrefix(l.text, bom)
	}
	for {
		i := strings.IndexByte(l.text, '\n')
		head := l.text
		if i >= 0 {
			head = l.text[:i]
		}
		if j := strings.IndexByte(head, '\r'); j >= 0 {
			i = j // two byte searches are much faster than strings.IndexAny on short lines
		}
		switch {
		case i > maxLine || i < 0 && len(l.text) > maxLine:
			return l.stop(errLineTooLong)
		case i >= 0 && (l.text[i] == '\n' || i+1 < len(l.text) || l.eof):
			s, rest := l.text[:i], l.text[i+1:]
			if l.text[i] == '\r' && rest != "" && rest[0] == '\n' {
				rest = rest[1:]
			}
			l.text = rest
			l.Line++
			return TrimBlanks(s), true
		case l.eof && l.text != "":
			s := l.text
			l.text = ""
			l.Line++
			return TrimBlanks(s), true
		case l.eof:
			return l.stop(l.readErr)
		}
		l.fill() // no line end yet, or a CR that an LF may follow
	}
}

// Next returns the Next line as shared does, copied out of its block.
func (l *Lines) Next() (string, bool) {
	s, ok := l.Shared()
	return strings.Clone(s), ok
}

// stop ends the lines with err, nil at a clean end.
func (l *Lines) stop(err error) (string, bool) {
	l.done, l.text = true, ""
	if errors.Is(err, errLineTooLong) {
		err = l.ErrorAt(l.Line+1, "line longer than the limit of %d bytes (1 MiB)", maxLine)
	}
	l.err = err
	return "", false
}

// fill reads the next block onto the text not yet returned. A reader that
// returns nothing a hundred times in a row ends the input, as it would a
// bufio.Scanner.
func (l *Lines) fill() {
	if len(l.block) < max(blockSize, len(l.text)) {
		// a line longer than a block: each reading at least doubles the text
		l.block = make([]byte, max(blockSize, len(l.text)))
	}
	for range 100 {
		k, err := l.r.Read(l.block)
		if k > 0 { // in one allocation: text + string(block) makes two
			var b strings.Builder
			b.Grow(len(l.text) + k)
			b.WriteString(l.text)
			b.Write(l.block[:k])
			l.text = b.String()
		}
		if err != nil {
			l.eof = true
			if err != io.EOF {
				l.readErr = err
			}
			return
		}
		if k > 0 {
			return
		}
	}
	l.eof, l.readErr = true, io.ErrNoProgress
}

// TrimBlanks drops the blanks (space, tab, form feed, vertical tab) that
// end s.
func TrimBlanks(s string) string {
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

// TrimLeading drops the spaces and tabs that start s.
func TrimLeading(s string) string {
	for s != "" && (s[0] == ' ' || s[0] == '\t') {
		s = s[1:]
	}
	return s
}

// HasBlank reports whether s holds a space or a tab.
func HasBlank(s string) bool {
	return strings.IndexByte(s, ' ') >= 0 || strings.IndexByte(s, '\t') >= 0
}

// RuneCount is utf8.RuneCountInString, eight bytes at a time while they
// are ASCII: puzzle lines nearly always are, and are counted once each.
func RuneCount(s string) int {
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

// Err returns the error that stopped next early, or nil at a clean end.
func (l *Lines) Err() error {
	var pe *ParseError
	if l.err == nil || errors.As(l.err, &pe) {
		return l.err
	}
	return &ParseError{File: l.File, Line: l.Line + 1, Err: l.err}
}

// Errorf returns a *ParseError at the line last returned by next.
func (l *Lines) Errorf(format string, args ...any) error {
	return l.ErrorAt(l.Line, format, args...)
}

// ErrorAt returns a *ParseError at line n.
func (l *Lines) ErrorAt(n int, format string, args ...any) error {
	return &ParseError{File: l.File, Line: n, Err: fmt.Errorf(format, args...)}
}

// Tokens reads whitespace-separated fields across lines, remembering the
// line each came from.
type Tokens struct {
	*Lines
	fields    []string
	TokenLine int // line of the token last returned
}

func NewTokens(file string, r io.Reader) *Tokens {
	return &Tokens{Lines: NewLines(file, r)}
}

// Next returns the Next field; false at the end of input or on a read error.
func (t *Tokens) Next() (string, bool) {
	for len(t.fields) == 0 {
		s, ok := t.Lines.Next()
		if !ok {
			t.TokenLine = t.Lines.Line + 1
			return "", false
		}
		t.fields = strings.Fields(s)
	}
	f := t.fields[0]
	t.fields = t.fields[1:]
	t.TokenLine = t.Lines.Line
	return f, true
}

// Errorf returns a *ParseError at the line of the token last returned.
func (t *Tokens) Errorf(format string, args ...any) error {
	return t.ErrorAt(t.TokenLine, format, args...)
}

// Collect returns every instance that scan reads from r.
func Collect[I any](file string, r io.Reader, scan func(string, io.Reader, func(I) error) error) ([]I, error) {
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

// Quote quotes s for a message, cut after maxQuote characters.
func Quote(s string) string {
	if utf8.RuneCountInString(s) > maxQuote {
		return strconv.Quote(s[:RuneOffset(s, maxQuote)]) + "..."
	}
	return strconv.Quote(s)
}

// RuneOffset returns the byte offset of character k of s (0-based), or
// len(s) when s has no more than k characters. A byte that is not UTF-8
// counts as one character, as in a range loop.
func RuneOffset(s string, k int) int {
	for i := range s {
		if k == 0 {
			return i
		}
		k--
	}
	return len(s)
}

// QuoteChar quotes the first character of s for a message: 'é', or '\xff'
// for a byte that is not UTF-8 (which a rune would show as U+FFFD).
func QuoteChar(s string) string {
	c, size := utf8.DecodeRuneInString(s)
	if c == utf8.RuneError && size <= 1 {
		if s == "" {
			return "end of line"
		}
		return fmt.Sprintf(`'\x%02x'`, s[0])
	}
	return strconv.QuoteRune(c)
}

// Short returns a number's digits for a message, cut after maxQuote bytes.
func Short(digits string) string {
	if len(digits) > maxQuote {
		return digits[:maxQuote] + "..."
	}
	return digits
}
