module github.com/panemap/panemap

go 1.26
