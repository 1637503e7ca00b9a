;;; emacs_client.el --- headless Emacs and eglot against `forklift lsp' -*- lexical-binding: t -*-
;; Run by tests/lsp/emacs_eglot_test.cpp with `emacs --batch -Q -l': opens
;; $FORKLIFT_EMACS_SCRIPT in sh-mode with eglot, waits for forklift's
;; diagnostics in flymake, applies the quick fix offered on the first one, and
;; writes the diagnostics, the fix's title and the edited buffer to
;; $FORKLIFT_EMACS_REPORT. Exits 1 with a message when a step fails.
;; -Q leaves out the site directories, where Debian's elpa-eglot is installed.
(require 'package)
(add-to-list 'package-directory-list "/usr/share/emacs/site-lisp/elpa")
(package-initialize)
(require 'eglot)
(require 'sh-script)

(defun forklift-test-fail (format-string &rest args)
  (message "emacs_client: %s" (apply #'format format-string args))
  (kill-emacs 1))

(defun forklift-test-wait (predicate what)
  "Process server output until PREDICATE holds; fail after 30 s waiting for WHAT."
  (let ((deadline (+ (float-time) 30)))
    (while (not (funcall predicate))
      (when (> (float-time) deadline) (forklift-test-fail "timed out waiting for %s" what))
      (accept-process-output nil 0.1))))

(defun forklift-test-first-diagnostic ()
  (car (sort (flymake-diagnostics) (lambda (a b) (< (flymake-diagnostic-beg a) (flymake-diagnostic-beg b))))))

(let ((binary (getenv "FORKLIFT_BINARY"))
      (script (getenv "FORKLIFT_EMACS_SCRIPT"))
      (report (getenv "FORKLIFT_EMACS_REPORT")))
  (setq eglot-server-programs (list (cons 'sh-mode (list binary "lsp"))))
  (find-file script)
  (sh-mode)
  (apply #'eglot (eglot--guess-contact))
  (forklift-test-wait #'eglot-current-server "the server to start")
  (forklift-test-wait #'flymake-diagnostics "diagnostics")
  (let* ((texts (mapconcat #'flymake-diagnostic-text (flymake-diagnostics) " | "))
         (first (forklift-test-first-diagnostic))
         (action (car (eglot-code-actions (flymake-diagnostic-beg first) (flymake-diagnostic-end first) "quickfix"))))
    (unless action (forklift-test-fail "no quick fix for %s" (flymake-diagnostic-text first)))
    (eglot--apply-workspace-edit (plist-get action :edit))
    (let ((buffer (buffer-string)))
      (with-temp-file report
        (insert texts "\n" (plist-get action :title) "\n" buffer))))
  (eglot-shutdown (eglot-current-server))
  (kill-emacs 0))
