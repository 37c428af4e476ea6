package drat

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// step is one step of the proof: a clause number, with the flag stepDelete
// for a deletion; the forward pass adds stepIgnored to a deletion it
// ignores.
type step uint32

const (
	stepDelete  step = 1 << 31
	stepIgnored step = 1 << 30
	stepClause  step = stepIgnored - 1 // the clause number's bits
)

// maxClauses bounds the clauses of formula and proof together, so that a
// clause number fits in a step.
const maxClauses = int(stepClause)

// loadFormula stores the formula's clauses.
func (s *checker) loadFormula(f *cnf.CNF) error {
	n := f.NumClauses()
	s.start = make([]uint32, 0, n)
	s.flags = make([]uint8, 0, n)
	s.arena = make([]lit, 0, f.NumLits()+n)
	for i := range n {
		ls := s.tmp[:0]
		for _, l := range f.Clause(i) {
			ls = append(ls, mkLit(s.vars.intern(uint32(l.Var())), !l.IsPos()))
		}
		ls, taut := s.normalise(ls)
		if _, err := s.add(ls, taut, false); err != nil {
			return fmt.Errorf("drat: the formula: %w", err)
		}
		s.tmp = ls
	}
	s.nOrig = n
	return nil
}

// window is the most bytes of a proof's start that format detection reads.
const window = 64 << 10

// detect tells a binary proof from a text one by its first bytes, which
// r holds (as many as window, or all of the proof if shorter).
func detect(head []byte) Format {
	if len(head) == 0 || head[0] != 'a' && head[0] != 'd' {
		return Text
	}
	if head[0] == 'a' {
		return Binary
	}
	for _, c := range head {
		if c < ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v' || c == 0x7f {
			return Binary // NUL ends every binary clause; text has no control bytes
		}
	}
	return Text
}

// readProof reads the whole proof into the store and the list of steps,
// matching every deletion with the clause it deletes.
func (s *checker) readProof(r io.Reader, name string, format Format) error {
	in := &input{ctx: s.ctx, r: r, buf: make([]byte, window)}
	if format == Auto {
		for in.n < len(in.buf) && in.more() {
		}
		format = detect(in.buf[:in.n])
	}
	p := &parser{s: s, in: in, name: name, line: 1}
	var err error
	switch format {
	case Text:
		err = p.text()
	case Binary:
		err = p.binary()
	default:
		return fmt.Errorf("drat: unknown proof format %v", format)
	}
	s.dropTable()
	return err
}

// input reads a proof through its own buffer.
type input struct {
	// ctx ends the reading: every loop of the parsers that can run
	// without end comes back to more for its next bytes, which looks at
	// it, so that an endless proof stops with its context.
	ctx  context.Context
	r    io.Reader
	buf  []byte
	i, n int   // buf[i:n] is unread
	off  int64 // offset of buf[0] in the proof
	err  error // the reader's error, io.EOF at the end
}

// more reads more bytes into the buffer, keeping the unread ones, and
// reports whether it got any.
func (in *input) more() bool {
	if in.err != nil {
		return false
	}
	if err := in.ctx.Err(); err != nil {
		in.err = err
		return false
	}
	if in.i > 0 && in.i == in.n {
		in.off += int64(in.n)
		in.i, in.n = 0, 0
	}
	if in.n == len(in.buf) {
		copy(in.buf, in.buf[in.i:in.n])
		in.off += int64(in.i)
		in.n -= in.i
		in.i = 0
	}
	for range 100 { // a reader may return 0, nil now and then
		k, err := in.r.Read(in.buf[in.n:])
		in.n += k
		if err != nil {
			in.err = err
			return k > 0
		}
		if k > 0 {
			return true
		}
	}
	in.err = io.ErrNoProgress
	return false
}

// offset returns the offset of the next unread byte.
func (in *input) offset() int64 { return in.off + int64(in.i) }

// parser reads the steps of a proof into a checker.
type parser struct {
	s      *checker
	in     *input
	name   string
	line   int // the current line of a text proof
	lits   []lit
	del    bool
	at     int64 // where the step being read starts: its line or offset
	isText bool
}

func (p *parser) errorf(at int64, format string, args ...any) error {
	return p.errAt(at, &syntaxError{fmt.Sprintf(format, args...)})
}

// syntaxError is the message of a malformed proof; it wraps ErrSyntax
// without repeating its text.
type syntaxError struct{ msg string }

func (e *syntaxError) Error() string { return e.msg }
func (e *syntaxError) Unwrap() error { return ErrSyntax }

// errAt returns a *ProofError at a line of a text proof or an offset of a
// binary one.
func (p *parser) errAt(at int64, err error) error {
	e := &ProofError{File: p.name, Err: err}
	if p.isText {
		e.Line = int(at)
	} else {
		e.Offset = at
	}
	return e
}

// readErr turns the reader's failure into a *ProofError, or returns nil
// at the end of the input.
func (p *parser) readErr() error {
	if p.in.err == nil || p.in.err == io.EOF {
		return nil
	}
	e := &ProofError{File: p.name, Err: p.in.err}
	if p.isText {
		e.Line = p.line
	} else {
		e.Offset = p.in.offset()
	}
	return e
}

// end stores the step just read.
func (p *parser) end() error {
	s := p.s
	if s.read++; s.read&(1<<16-1) == 0 {
		if err := s.ctx.Err(); err != nil {
			return err
		}
	}
	ls, taut := s.normalise(p.lits)
	p.lits = ls[:0]
	if p.del {
		s.stats.Deletions++
		c, ok := s.remove(ls)
		if taut || !ok {
			s.stats.Ignored++
			return nil
		}
		s.proof = append(s.proof, step(c)|stepDelete)
		return nil
	}
	s.stats.Lemmas++
	c, err := s.add(ls, taut, true)
	if err != nil {
		return p.errAt(p.at, err)
	}
	s.where = append(s.where, p.at)
	var pivot lit
	if len(ls) > 0 {
		pivot = ls[0]
	}
	s.pivot = append(s.pivot, pivot)
	if !taut {
		s.proof = append(s.proof, step(c))
	}
	return nil
}

// lit adds the literal of variable v (1..maxVar) to the step.
func (p *parser) lit(v uint32, neg bool) {
	p.lits = append(p.lits, mkLit(p.s.vars.intern(v), neg))
}

// text reads a text proof: whitespace-separated integers, each step a
// clause ended by 0, a deletion starting with the token "d"; a line whose
// first token starts with 'c' is a comment.
func (p *parser) text() error {
	p.isText = true
	p.s.textProof = true
	in := p.in
	open := false // inside a step
	for {
		if in.i == in.n && !in.more() {
			break
		}
		c := in.buf[in.i]
		switch {
		case c == '\n':
			p.line++
			in.i++
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			in.i++
			continue
		}
		if !open {
			p.at = int64(p.line)
			switch c {
			case 'c':
				p.skipLine()
				continue
			case 'd':
				in.i++
				if in.i == in.n && !in.more() {
					return p.errorf(p.at, "deletion without a clause")
				}
				if c := in.buf[in.i]; c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '\f' && c != '\v' {
					return p.errorf(p.at, "expected a space after d, got %q", c)
				}
				p.del, open = true, true
				continue
			}
			p.del, open = false, true
		}
		v, neg, err := p.number()
		if err != nil {
			return err
		}
		if v == 0 {
			if err := p.end(); err != nil {
				return err
			}
			open = false
			continue
		}
		p.lit(v, neg)
	}
	if err := p.readErr(); err != nil {
		return err
	}
	if open {
		return p.errorf(p.at, "last clause has no closing 0")
	}
	return nil
}

// skipLine skips the rest of the line.
func (p *parser) skipLine() {
	in := p.in
	for {
		for ; in.i < in.n; in.i++ {
			if in.buf[in.i] == '\n' {
				return
			}
		}
		if !in.more() {
			return
		}
	}
}

// number reads a literal token: an optional '-' and decimal digits, the
// variable at most maxVar, followed by whitespace or the end. Digits past
// an out-of-range value are read but not kept.
func (p *parser) number() (v uint32, neg bool, err error) {
	in := p.in
	var tok [maxQuote + 1]byte
	n := 0
	keep := func(c byte) {
		if n < len(tok) {
			tok[n] = c
			n++
		}
	}
	var x uint64
	digits, over, ended := 0, false, false
	for {
		if in.i == in.n && !in.more() {
			ended = true
			break
		}
		c := in.buf[in.i]
		if c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\v' {
			break
		}
		in.i++
		keep(c)
		switch {
		case c == '-' && n == 1:
			neg = true
		case c >= '0' && c <= '9':
			digits++
			if x = x*10 + uint64(c-'0'); x > maxVar {
				over = true
				x = maxVar + 1
			}
		default:
			for in.i < in.n || in.more() { // the rest of the token, for the message
				c := in.buf[in.i]
				if c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\v' {
					break
				}
				in.i++
				keep(c)
			}
			return 0, false, p.errorf(int64(p.line), "expected a literal, got %s", quote(tok[:n]))
		}
	}
	if ended {
		if err := p.readErr(); err != nil {
			return 0, false, err
		}
	}
	switch {
	case digits == 0:
		return 0, false, p.errorf(int64(p.line), "expected a literal, got %s", quote(tok[:n]))
	case over:
		return 0, false, p.errorf(int64(p.line), "literal %s beyond variable %d", quote(tok[:n]), maxVar)
	}
	return uint32(x), neg, nil
}

// maxQuote bounds the bytes of a token quoted in an error.
const maxQuote = 40

func quote(t []byte) string {
	if len(t) > maxQuote {
		return strconv.Quote(string(t[:maxQuote])) + "..."
	}
	return strconv.Quote(string(t))
}

// binary reads a binary proof: each step a byte 'a' (addition) or 'd'
// (deletion), then literals as unsigned LEB128 numbers 2v or 2v+1 (for v
// and ¬v), then a 0.
func (p *parser) binary() error {
	in := p.in
	for {
		if in.i == in.n && !in.more() {
			break
		}
		p.at = in.offset()
		switch c := in.buf[in.i]; c {
		case 'a':
			p.del = false
		case 'd':
			p.del = true
		default:
			return p.errorf(p.at, "expected 'a' or 'd' to start a step, got byte 0x%02x", c)
		}
		in.i++
		for {
			u, err := p.varint()
			if err != nil {
				return err
			}
			if u == 0 {
				break
			}
			p.lit(uint32(u>>1), u&1 == 1)
		}
		if err := p.end(); err != nil {
			return err
		}
	}
	return p.readErr()
}

// varint reads one binary literal.
func (p *parser) varint() (uint64, error) {
	in := p.in
	at := in.offset()
	var u uint64
	for shift := 0; ; shift += 7 {
		if in.i == in.n && !in.more() {
			if err := p.readErr(); err != nil {
				return 0, err
			}
			return 0, p.errorf(p.at, "proof ends inside a clause")
		}
		c := in.buf[in.i]
		in.i++
		if shift == 28 && c >= 0x80 {
			return 0, p.errorf(at, "literal beyond variable %d", maxVar)
		}
		u |= uint64(c&0x7f) << shift
		if c < 0x80 {
			break
		}
	}
	if u == 1 {
		return 0, p.errorf(at, "literal of variable 0")
	}
	if u > 1<<32-1 {
		return 0, p.errorf(at, "literal beyond variable %d", maxVar)
	}
	return u, nil
}
