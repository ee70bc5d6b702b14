-- Driven by test_neovim.py: `nvim --headless --clean -u nvim_lsp_test.lua`
-- with SS_NVIM_TEST_CONFIG naming a JSON file:
--   plugin_dir  editors/neovim (put on 'runtimepath')
--   cmd         the server's command line, passed to setup(); none: the
--               plugin's default, `shapescript-lsp --stdio` from $PATH
--   file        the .ss file to open
--   out         where to write the results (JSON)
--   timeout_ms  how long to wait for each step
--   log_level   of the LSP log, in $XDG_CACHE_HOME/nvim (default 'warn')
--   hover, definition, rename: { line = L, character = C } (0-based, UTF-16),
--   rename.new_name
-- Each step records what the real client got; the Python side asserts on it.
-- Exits 0 after writing the results, 3 when a step raised an error (the
-- error is in the results too).

local cfg = vim.fn.json_decode(table.concat(vim.fn.readfile(os.getenv('SS_NVIM_TEST_CONFIG')), '\n'))
local out = { errors = {} }

-- Messages for the user (setup()'s when it can't run the server): kept in
-- the results and written to stderr, which headless Neovim doesn't show.
out.notifications = {}
local notify = vim.notify
vim.notify = function(msg, level, opts)
  table.insert(out.notifications, msg)
  io.stderr:write('notify: ' .. tostring(msg) .. '\n')
  return notify(msg, level, opts)
end

local function save()
  vim.fn.writefile({ vim.fn.json_encode(out) }, cfg.out)
end

local function wait_for(what, predicate)
  local ok = vim.wait(cfg.timeout_ms, function()
    -- A server that died won't answer: fail now rather than at the timeout.
    return predicate() or (out.server_exit ~= nil and not out.stopping)
  end, 20)
  if out.server_exit and not out.stopping then
    error(string.format('the server exited (code %s, signal %s) while waiting for %s',
      out.server_exit.code, out.server_exit.signal, what))
  end
  if not ok then
    error('timed out after ' .. cfg.timeout_ms .. ' ms waiting for ' .. what)
  end
end

local function diagnostics()
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do
    table.insert(list, {
      lnum = d.lnum,
      col = d.col,
      end_lnum = d.end_lnum,
      end_col = d.end_col,
      severity = d.severity,
      message = d.message,
      source = d.source,
      code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code),
    })
  end
  return list
end

local function position_params(pos)
  return {
    textDocument = { uri = vim.uri_from_bufnr(0) },
    position = { line = pos.line, character = pos.character },
  }
end

-- The one response of the one client, or an error naming what came back.
local function request(method, params)
  local responses, err = vim.lsp.buf_request_sync(0, method, params, cfg.timeout_ms)
  if not responses then
    error(method .. ': no response: ' .. tostring(err))
  end
  local all = {}
  for _, response in pairs(responses) do
    table.insert(all, response)
  end
  if #all ~= 1 then
    error(method .. ': expected 1 response, got ' .. #all)
  end
  if all[1].err then
    error(method .. ': error ' .. vim.inspect(all[1].err))
  end
  return all[1].result
end

local function run()
  vim.cmd('edit ' .. vim.fn.fnameescape(cfg.file))
  out.filetype = vim.bo.filetype
  out.shiftwidth = vim.bo.shiftwidth

  local client
  wait_for('the server to attach and initialize', function()
    for _, c in pairs(vim.lsp.buf_get_clients(0)) do
      if c.initialized then
        client = c
        return true
      end
    end
    return false
  end)
  out.client_name = client.name
  out.server_capabilities = client.server_capabilities
  out.server_program = vim.fn.exepath(client.config.cmd[1])

  wait_for('diagnostics', function()
    return #vim.diagnostic.get(0) > 0
  end)
  out.diagnostics = diagnostics()
  save()

  out.hover = request('textDocument/hover', position_params(cfg.hover))
  save()

  out.definition = request('textDocument/definition', position_params(cfg.definition))
  save()

  local params = position_params(cfg.rename)
  params.newName = cfg.rename.new_name
  local edit = request('textDocument/rename', params)
  out.rename_edit = edit
  vim.lsp.util.apply_workspace_edit(edit, 'utf-16')
  out.renamed_text = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), '\n')
  save()

  -- The edit went to the server as didChange: it checks the new text and
  -- publishes again, with the new name in the message.
  wait_for('diagnostics after the rename', function()
    for _, d in ipairs(vim.diagnostic.get(0)) do
      if d.message:find(cfg.rename.new_name, 1, true) then
        return true
      end
    end
    return false
  end)
  out.diagnostics_after_rename = diagnostics()
  save()

  out.stopping = true
  vim.lsp.stop_client(client.id)
  wait_for('the server to stop', function()
    return out.server_exit ~= nil and client.is_stopped() and #vim.lsp.get_active_clients() == 0
  end)
  out.stopped = true
end

-- As a user's init.lua would: ftdetect/ is sourced when filetype detection
-- is turned on, after this file, and the test runs on VimEnter.
vim.opt.runtimepath:prepend(cfg.plugin_dir)
vim.lsp.set_log_level(cfg.log_level or 'warn')
require('shapescript').setup({
  cmd = cfg.cmd,
  on_exit = function(code, signal)
    out.server_exit = { code = code, signal = signal }
  end,
})

vim.api.nvim_create_autocmd('VimEnter', {
  once = true,
  nested = true, -- so that `edit` runs the BufRead and FileType autocmds
  callback = function()
    local ok, err = xpcall(run, debug.traceback)
    if not ok then
      table.insert(out.errors, tostring(err))
    end
    save()
    if ok then
      vim.cmd('qall!')
    else
      vim.cmd('cquit 3')
    end
  end,
})
