;;; emacs_eglot_test.el --- eglot with shapescript-lsp in batch, for test_emacs.py  -*- lexical-binding: t; -*-
;; emacs --batch -Q -l emacs_eglot_test.el, with the environment:
;;   SS_MODE_FILE   editors/emacs/shapescript-mode.el
;;   SS_LSP         the shapescript-lsp binary (set as `shapescript-lsp-program');
;;                  unset: the mode's default, from `exec-path' ($PATH)
;;   SS_FILE        the .ss file to open
;;   SS_OUT         where to write the results (JSON); the eglot events log
;;                  goes to SS_OUT.events
;;   SS_TIMEOUT     seconds to wait for each step
;;   SS_HOVER_LINE, SS_HOVER_COLUMN   where to hover (1-based line, 0-based column)
;;   SS_BAD_TEXT, SS_GOOD_TEXT        the edit that fixes the file's error
;;   SS_ELPA_DIRS   folders of installed packages, `:'-separated
;;                  (default: Debian's /usr/share/emacs/site-lisp/elpa)
;; Exits 77 when eglot can't be loaded, 3 when a step failed (the error is
;; in the results), 0 otherwise.

(require 'json)
(require 'package)
(setq package-user-dir (make-temp-file "ss-elpa-user" t))
(dolist (dir (split-string (or (getenv "SS_ELPA_DIRS") "/usr/share/emacs/site-lisp/elpa") ":" t))
  (add-to-list 'package-directory-list dir))
(package-initialize)

(defvar ss-test-result nil)
(defvar ss-test-out (getenv "SS_OUT"))
(defvar ss-test-timeout (string-to-number (or (getenv "SS_TIMEOUT") "20")))

(defun ss-test-record (key value)
  (setf (alist-get key ss-test-result) value))

(defun ss-test-save ()
  (with-temp-file ss-test-out
    (insert (json-encode (reverse ss-test-result)))))

(defun ss-test-wait (what predicate)
  "Run the event loop until PREDICATE is non-nil; an error after the timeout."
  (let ((deadline (+ (float-time) ss-test-timeout)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (or (funcall predicate)
        (error "Timed out after %ss waiting for %s" ss-test-timeout what))))

(defun ss-test-diagnostics ()
  (vconcat
   (mapcar (lambda (d)
             (let ((beg (flymake-diagnostic-beg d))
                   (lsp (alist-get 'eglot-lsp-diag (flymake-diagnostic-data d))))
               `((line . ,(line-number-at-pos beg))
                 (column . ,(save-excursion (goto-char beg) (current-column)))
                 (type . ,(format "%s" (flymake-diagnostic-type d)))
                 (text . ,(flymake-diagnostic-text d))
                 (code . ,(plist-get lsp :code)))))
           (flymake-diagnostics))))

(unless (require 'eglot nil t)
  (message "eglot is not installed (looked in %s)" package-directory-list)
  (kill-emacs 77))
(ss-test-record 'eglot (locate-library "eglot"))

(load (getenv "SS_MODE_FILE") nil t)
;; Without SS_LSP the mode's default, `shapescript-lsp' from `exec-path'.
(when (getenv "SS_LSP")
  (setq shapescript-lsp-program (getenv "SS_LSP")))
(ss-test-record 'server_program (executable-find shapescript-lsp-program))

(defvar ss-test-server nil)

(defun ss-test-save-events ()
  "Write eglot's events and the server's stderr buffers beside SS_OUT."
  (let ((server (or ss-test-server (ignore-errors (eglot-current-server)))))
    (with-temp-file (concat ss-test-out ".events")
      (when server
        (insert-buffer-substring (jsonrpc-events-buffer server)))
      ;; The stderr buffer outlives a server that died at its start.
      (dolist (buffer (buffer-list))
        (when (string-match-p "EGLOT.*stderr" (buffer-name buffer))
          (insert "\n--- " (buffer-name buffer) ":\n")
          (insert-buffer-substring buffer))))))

(condition-case err
    (progn
      (find-file (getenv "SS_FILE"))
      (ss-test-record 'mode (symbol-name major-mode))
      ;; What `M-x eglot' does, without its questions; `eglot-ensure' waits
      ;; for a command loop that batch mode doesn't run.
      (apply #'eglot (eglot--guess-contact))
      (ss-test-wait "the server to start"
                    (lambda () (and (eglot-current-server)
                                    (jsonrpc-running-p (eglot-current-server)))))
      (setq ss-test-server (eglot-current-server))
      (ss-test-record 'server_name (plist-get (eglot--server-info ss-test-server) :name))
      (ss-test-record 'server_version (plist-get (eglot--server-info ss-test-server) :version))
      (ss-test-record 'managed (and eglot--managed-mode t))
      ;; Flymake starts on a command or a timer; batch mode has neither.
      (flymake-start nil t)
      (ss-test-wait "flymake diagnostics from eglot" (lambda () (flymake-diagnostics)))
      (ss-test-record 'diagnostics (ss-test-diagnostics))
      (ss-test-save)

      (goto-char (point-min))
      (forward-line (1- (string-to-number (getenv "SS_HOVER_LINE"))))
      (forward-char (string-to-number (getenv "SS_HOVER_COLUMN")))
      (ss-test-record 'hover_symbol (thing-at-point 'symbol t))
      (ss-test-record 'hover
                      (jsonrpc-request (eglot--current-server-or-lose) :textDocument/hover
                                       (eglot--TextDocumentPositionParams)))
      (ss-test-save)

      ;; Undo the mutation by hand: the edit goes to the server as didChange
      ;; (sent now: eglot sends on an idle timer, which batch mode lacks), and
      ;; the server's next publish clears Flymake.
      (goto-char (point-min))
      (search-forward (getenv "SS_BAD_TEXT"))
      (replace-match (getenv "SS_GOOD_TEXT") t t)
      (eglot--signal-textDocument/didChange)
      (ss-test-wait "the diagnostics to clear after the fix"
                    (lambda () (null (flymake-diagnostics))))
      (ss-test-record 'diagnostics_after_fix [])
      (ss-test-save)

      ;; shutdown, then exit; eglot keeps the events buffer (preserve-buffers).
      (eglot-shutdown ss-test-server nil nil t)
      (ss-test-wait "the server to exit"
                    (lambda () (not (jsonrpc-running-p ss-test-server))))
      (ss-test-record 'stopped t)
      (ss-test-record 'shutdown_reply
                      (with-current-buffer (jsonrpc-events-buffer ss-test-server)
                        (goto-char (point-min))
                        (and (re-search-forward
                              "^\\[server-reply\\] (id:[0-9]+)[^\n]*\n(:id [0-9]+ :jsonrpc \"2.0\" :result nil)" nil t)
                             t)))
      (ss-test-save-events)
      (ss-test-save))
  (error
   (ss-test-record 'error (error-message-string err))
   (ss-test-save)
   (ss-test-save-events)
   (kill-emacs 3)))

(kill-emacs 0)
