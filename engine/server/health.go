package server

import "net/http"

// notFoundBody is what DynamoDB answers, with 404, to a request that is not
// a POST of JSON.
var notFoundBody = []byte("<UnknownOperationException/>\n")

// writeHealth answers a GET, on any path, with DynamoDB's health text.
func (s *Server) writeHealth(w http.ResponseWriter) {
	writeRaw(w, "text/plain; charset=utf-8", http.StatusOK, s.health)
}

// writeNotFound answers a request with the wrong method or content type.
func writeNotFound(w http.ResponseWriter) {
	writeRaw(w, "text/plain; charset=utf-8", http.StatusNotFound, notFoundBody)
}
