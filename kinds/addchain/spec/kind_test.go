package spec_test

import (
	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/kinds/addchain/spec"
)

// theKind is the kind as package puzzlesat runs it.
var theKind = puzzlesat.Kind{Kind: spec.Kind}
