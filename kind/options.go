package kind

import (
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"slices"
	"strconv"
)

// Flag is a setting of a kind that the command takes as --NAME: an option
// of its parser, or the bound of its queries.
type Flag struct {
	Name string // kebab-case, such as "max-piece"
	Doc  string // what it sets, in a line
	// Check, when not nil, refuses a bad value of an option, saying why
	// in a message that names the flag (--NAME); the command calls it
	// once it has read its flags.
	Check func(value string) error
}

// ScanOptions are what a kind's Scan is given: the values of its options
// (Configurable), and where its remarks go.
type ScanOptions struct {
	// Values holds the options set, by Flag.Name, as the command's flags
	// wrote them; an option not set keeps the kind's default.
	Values map[string]string
	// Note, when not nil, receives the parser's remarks that are not
	// errors, once the whole input is read: how a sudoku that fits two
	// alphabets was read, how many pieces a bound dropped.
	Note func(msg string)
}

// Notef passes a remark to o.Note, if any.
func (o ScanOptions) Notef(format string, args ...any) {
	if o.Note != nil {
		o.Note(fmt.Sprintf(format, args...))
	}
}

// Configurable is a kind whose parser takes options (sudoku's alphabet,
// say): Options declares them, and Scan reads their
// values from ScanOptions.Values, refusing a bad one.
type Configurable interface {
	Options() []Flag
}

// Param is one parameter of a kind's generator of random instances: an
// integer in Min..Max.
type Param struct {
	Name    string // kebab-case, such as "blanks"; the command's --blanks
	Doc     string // what it sets, in a line
	Default int
	Min     int
	Max     int
}

// GenValues are the values of a generator's parameters, by name; a
// parameter missing from it takes its default.
type GenValues map[string]int

// Complete returns v with the defaults of ps filled in, each value
// checked against its range; a name that is not a parameter is an error.
func (v GenValues) Complete(ps []Param) (GenValues, error) {
	out := GenValues{}
	for name := range v {
		if !slices.ContainsFunc(ps, func(p Param) bool { return p.Name == name }) {
			return nil, fmt.Errorf("no generator parameter %q", name)
		}
	}
	for _, p := range ps {
		x, ok := v[p.Name]
		if !ok {
			x = p.Default
		}
		if x < p.Min || x > p.Max {
			return nil, fmt.Errorf("%s must be in %d..%d, got %d", p.Name, p.Min, p.Max, x)
		}
		out[p.Name] = x
	}
	return out, nil
}

// Generator is a kind with a generator of random instances, reproducible
// from rng.
type Generator interface {
	// GenParams returns the generator's parameters.
	GenParams() []Param
	// Generate returns a random instance; v holds a value of every
	// parameter, in its range (GenValues.Complete).
	Generate(rng *rand.Rand, v GenValues) (Instance, error)
	// GenTrailer returns what the judge's format prints after the last
	// instance ("0\n" for sticks), if anything.
	GenTrailer() string
}

// Int returns the value of the option name as an integer, or def when it
// is not set; a value that is not an integer is an error naming it.
func (o ScanOptions) Int(name string, def int) (int, error) {
	s, ok := o.Values[name]
	if !ok || s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("--%s must be a whole number, got %q", name, s)
	}
	return n, nil
}

// Plain adapts a scanner that takes no option to Spec.Scan.
func Plain[I any](scan func(file string, r io.Reader, yield func(I) error) error) func(string, io.Reader, ScanOptions, func(I) error) error {
	return func(file string, r io.Reader, _ ScanOptions, yield func(I) error) error { return scan(file, r, yield) }
}

// Sub returns the folder dir of fsys, for Spec.Samples; it panics if dir
// is not a valid path, a bug of the kind's package.
func Sub(fsys fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		panic(err)
	}
	return sub
}
