module github.com/puzzlesat/puzzlesat

go 1.26

require (
	github.com/go-air/gini v1.0.4
	github.com/stretchr/testify v1.12.1
	github.com/ulikunitz/xz v0.5.17
	golang.org/x/image v0.45.0
	golang.org/x/sys v0.47.0
	golang.org/x/term v0.44.0
)

require (
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/text v0.41.0 // indirect
)
